"""Gear and lockers (E.2.6, E.3), science and blueprints (E.2.2, E.4), improvised
devices (G.2) and repairs (D.2, E.3.4)."""
