"""Leaving the ship or losing it: life pods (E.2.4), a pod with both sides aboard,
and sabotage with its critical countdown (C.9)."""
