"""Moving units (C.4, C.7.1): walking, lifts, hatches, doors and the Air Lock."""
