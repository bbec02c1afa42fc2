"""Combat (D): attacks by both sides, the roll's arithmetic, injury, death and healing."""
