"""Turn panels: playing by taps. A Play button opens a panel for the
presser's seat; every option on it is one of the unit's legal commands."""
