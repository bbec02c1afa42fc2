"""The alien grows (C.3, C.10, G.4, G.5): foraging, examining crates, mutating,
spawning and Surge."""
