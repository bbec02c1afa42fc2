"""The ``raids`` variant: Opari raids tested against each side's Military, damaged rooms
and abilities, contributions, repulse and empire defeat (docs/rules-decisions.md,
"Variants: raids")."""
