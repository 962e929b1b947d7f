"""Cat's Gambit screen: its board (layout, hit-testing, drawing) and the animations of its own pieces."""
