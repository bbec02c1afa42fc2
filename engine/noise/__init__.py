"""The ``noise`` variant: noise on doors, encounters and the intruder bag (README,
"Variants"; docs/rules-decisions.md, "Variants: noise")."""
