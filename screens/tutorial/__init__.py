"""The tutorial table: a game's own screen playing its scripted deal one prompt at a time."""
