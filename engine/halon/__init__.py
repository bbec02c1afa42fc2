"""The ``halon`` variant: the Command Deck floods a sealed room with halon (README,
"Variants"; docs/rules-decisions.md, "Variants: halon")."""
