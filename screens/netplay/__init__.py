"""A table across computers, as the player sees it: the host's lobby, the join page, and the
adapter between the game screens and the network package (``net``)."""
