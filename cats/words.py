"""The words of the games: phrases as data, and the one renderer that turns them into text.

An engine never writes a finished sentence that names a seat. It says a :class:`Phrase` (a
template key and its arguments, seats marked as :class:`Player`); :func:`render` turns it into
text with the players' names put in. Each game keeps its English templates in one table
(``cats/<id>/words.py``, a :class:`Words`), whole sentences with named placeholders, so that a
second language is a second table for the same keys, not a rewrite.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence, Union

# A template is a whole sentence, or (singular, plural) chosen by the phrase's ``n`` argument.
Template = Union[str, tuple[str, str]]

_TABLES: dict[str, "Words"] = {}


@dataclass(frozen=True)
class Player:
    """A seat named in a phrase (0-based), said as that seat's player's name."""

    seat: int


@dataclass(frozen=True)
class Phrase:
    """Something to say: ``key`` is ``"<game>.<name>"``, ``args`` the named placeholders' values
    (text, numbers, :class:`Player`, tuples of players, or other phrases)."""

    key: str
    args: tuple[tuple[str, Any], ...] = ()

    def arg(self, name: str, default: Any = None) -> Any:
        """The value of one placeholder."""
        return next((v for k, v in self.args if k == name), default)

    def seats(self) -> tuple[int, ...]:
        """Every seat this phrase (and the phrases inside it) names, in order."""
        found: list[int] = []
        for _, value in self.args:
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, Player):
                    found.append(item.seat)
                elif isinstance(item, Phrase):
                    found.extend(item.seats())
        return tuple(found)


class Words:
    """One game's table of templates; calling it makes a phrase of that game (a key not in the
    table is a programming error, caught where the phrase is made)."""

    def __init__(self, domain: str, templates: Mapping[str, Template]) -> None:
        self.domain = domain
        self.templates = dict(templates)
        _TABLES[domain] = self

    def __call__(self, name: str, **args: Any) -> Phrase:
        if name not in self.templates:
            raise KeyError(f"no phrase {self.domain}.{name}")
        return Phrase(f"{self.domain}.{name}",
                      tuple((k, _frozen(v)) for k, v in sorted(args.items())))


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def plural_index(n: Any) -> int:
    """Which form of a (singular, plural) template a count takes (English: one, or other)."""
    return 0 if n == 1 else 1


def template_of(phrase: Phrase) -> str:
    """The template a phrase is said with (its plural form chosen by its ``n``)."""
    domain, _, name = phrase.key.partition(".")
    table = _TABLES.get(domain)
    if table is None or name not in table.templates:
        raise KeyError(f"no phrase {phrase.key}")
    template = table.templates[name]
    if isinstance(template, tuple):
        return template[plural_index(phrase.arg("n"))]
    return template


class _Formatter(string.Formatter):
    def __init__(self, names: Optional[Sequence[str]]) -> None:
        self.names = names

    def format_field(self, value: Any, format_spec: str) -> str:
        return str(super().format_field(self.say(value), format_spec))

    def say(self, value: Any) -> Any:
        if isinstance(value, Player):
            return player_name(value.seat, self.names)
        if isinstance(value, Phrase):
            return self.format(template_of(value), **{k: v for k, v in value.args})
        if isinstance(value, tuple):
            return join([str(self.say(v)) for v in value])
        return value


def player_name(seat: int, names: Optional[Sequence[str]] = None) -> str:
    """A seat's player name, or "player 2" when no names are known (an engine's own text)."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"player {seat + 1}"


def join(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return CORE.templates["and"].format(  # type: ignore[union-attr]
        rest=", ".join(items[:-1]), last=items[-1])


def render(phrase: Phrase, names: Optional[Sequence[str]] = None) -> str:
    """The text of ``phrase`` with each seat said as ``names[seat]``; without names a seat is
    "player 2" ("Player 2" at the start of the text), as the engine's own texts read."""
    text = _Formatter(names).format(template_of(phrase), **{k: v for k, v in phrase.args})
    if names is None and text.startswith("player "):
        text = "P" + text[1:]
    return text


class Sentence(str):
    """An engine's text (a prompt, a summary, a refusal) that keeps the phrase it was said from,
    so that :func:`say` can say it again with the players' names."""

    phrase: Phrase

    def __new__(cls, phrase: Phrase) -> "Sentence":
        made = super().__new__(cls, render(phrase))
        made.phrase = phrase
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # copy.deepcopy of a state keeps the phrase
        return (Sentence, (self.phrase,))


def said(phrase: Phrase) -> Sentence:
    """The engine's own text of ``phrase`` (seats as "player 2"), keeping the phrase."""
    return Sentence(phrase)


def say(text: Union[str, Phrase], names: Optional[Sequence[str]] = None) -> str:
    """Any engine text with the players' names: a phrase, a :class:`Sentence`, or plain text
    (which names no seat and is returned as it is)."""
    if isinstance(text, Phrase):
        return render(text, names)
    if isinstance(text, Sentence):
        return render(text.phrase, names)
    return str(text)


CORE = Words("core", {
    "notation": "{notation}",
    "and": "{rest} and {last}",
    "text": "{text}",
    "cannot_go": "That piece cannot go there.",
})
