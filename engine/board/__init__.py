"""The ship as the rules see it: grids, decks, rooms, walls, doors (``data/ship.txt``),
the floorplan's checks against the rulebook, and movement and line-of-sight geometry."""
