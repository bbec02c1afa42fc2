"""The ``emergencies`` variant: a panel of escalating ship emergencies in place of the C.9
countdown (README, "Variants"; docs/rules-decisions.md, "Variants: emergencies")."""
