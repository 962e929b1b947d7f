"""Nine Lives screens: pygame-ce + pygame-gui scenes that show engine views and make actions."""
