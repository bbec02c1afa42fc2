"""The slash-command groups: /game, /crew and /alien, /mod, /rules and /game replay."""
