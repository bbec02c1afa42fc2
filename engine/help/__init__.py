"""The rulebook's index in our own words and the rules help built on it."""
