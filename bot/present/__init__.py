"""Words for people: text built from views and public event lines, and the phase digest."""
