"""The menus and pages around the tables: the main menu with the library, new game, load,
settings, players and hotseat groups, the rules viewer."""
