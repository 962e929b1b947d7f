"""The replay viewer: step through a saved or finished game, as one seat saw it."""
