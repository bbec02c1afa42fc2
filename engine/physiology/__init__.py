"""The ``physiology`` variant: face-down damage-modifier cards (docs/rules-decisions.md,
"Variants: physiology")."""
