"""Save games, hotseat groups, player profiles and settings, kept under the platform's folders."""

from saves.store import SaveError, SaveInfo, SaveStore

__all__ = ["SaveError", "SaveInfo", "SaveStore"]
