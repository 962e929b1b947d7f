"""The words of the games: phrases as data, and the one renderer that turns them into text.

An engine never writes a finished sentence that names a seat. It says a :class:`Phrase` (a
template key and its arguments, seats marked as :class:`Player`); :func:`render` turns it into
text with the players' names put in. Each game keeps its English templates in one table
(``cats/<id>/words.py``, a :class:`Words`), whole sentences with named placeholders, so that a
second language is a second table for the same keys, not a rewrite.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence, Union

if TYPE_CHECKING:
    import gettext  # loaded when a catalogue is first read (English needs none)

# A template is a whole sentence, or (singular, plural) chosen by the phrase's ``n`` argument.
Template = Union[str, tuple[str, str]]

_TABLES: dict[str, "Words"] = {}

# Each game's words in another language: a gettext catalogue per domain (``cats/locale/<lang>/
# LC_MESSAGES/<domain>.mo``), the template key as the message context, the English as the msgid.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENGLISH = "en"
_language = ENGLISH
_catalogues: dict[str, gettext.NullTranslations] = {}


def set_language(code: str) -> None:
    """Say every phrase from now on in ``code`` ("en", "zh-TW"; one without a catalogue reads
    as English)."""
    global _language
    _language = code
    _catalogues.clear()
    _PATTERNS.clear()
    _SAID.clear()


def language() -> str:
    """The language phrases are said in."""
    return _language


def catalogue(domain: str, folder: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """The current language's catalogue for ``domain`` (an empty one for English or when the
    file is missing, so every message falls back to its English)."""
    key = f"{folder}|{domain}"
    if key not in _catalogues:
        import gettext

        _catalogues[key] = gettext.translation(
            domain, str(folder), languages=[gettext_code(_language)], fallback=True)
    return _catalogues[key]


def gettext_code(code: str) -> str:
    """A language code as gettext names its folders ("zh-TW" is "zh_TW")."""
    return code.replace("-", "_")


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


def count_of(n: Any) -> int:
    """The count a plural form is chosen by: ``n`` as a whole number (2, "other", if it is none)."""
    if isinstance(n, bool) or not isinstance(n, (int, float)) or n != int(n):
        return 2
    return int(n)


def chosen(template: Template, key: str, n: Any,
           books: gettext.NullTranslations | None = None) -> str:
    """One message in one language: from ``books`` (a gettext catalogue, ``key`` the message's
    context) or, without, the English as written; a (singular, plural) pair by the count ``n``
    (English: one, or other; another language by its catalogue's plural rule). The one place
    the games' words and the interface's strings (``screens.text.tr``) choose a form."""
    count = count_of(n)
    if books is None:
        return template if isinstance(template, str) else template[0 if count == 1 else 1]
    if isinstance(template, tuple):
        return books.npgettext(key, template[0], template[1], count)
    return books.pgettext(key, template)


def template_of(phrase: Phrase, lang: Optional[str] = None) -> str:
    """The template a phrase is said with in ``lang`` (default: the current language), its
    plural form chosen by its ``n``."""
    domain, _, name = phrase.key.partition(".")
    table = _TABLES.get(domain)
    if table is None or name not in table.templates:
        raise KeyError(f"no phrase {phrase.key}")
    books = catalogue(domain) if (lang or _language) != ENGLISH else None
    return chosen(table.templates[name], name, phrase.arg("n"), books)


def core(name: str, lang: Optional[str] = None, **values: Any) -> str:
    """One of the shared words (``CORE``) in ``lang`` (default: the current one), filled in."""
    return _Formatter(None, lang).format(template_of(CORE(name), lang), **values)


class _Formatter(string.Formatter):
    def __init__(self, names: Optional[Sequence[str]], lang: Optional[str] = None) -> None:
        self.names = names
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        return str(super().format_field(self.say(value), format_spec))

    def say(self, value: Any) -> Any:
        if isinstance(value, Player):
            return player_name(value.seat, self.names, self.lang)
        if isinstance(value, Phrase):
            return self.format(template_of(value, self.lang), **{k: v for k, v in value.args})
        if isinstance(value, tuple):
            return join([str(self.say(v)) for v in value], self.lang)
        if isinstance(value, str) and (self.lang or _language) == _language:
            return engine_text(value)  # a name given as English text ("the Rook")
        return value


def player_name(seat: int, names: Optional[Sequence[str]] = None,
                lang: Optional[str] = None) -> str:
    """A seat's player name, or "player 2" when no names are known (an engine's own text)."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return core("player", lang, n=seat + 1)


def join(items: Sequence[str], lang: Optional[str] = None) -> str:
    """"a", "a and b", "a, b and c" (in ``lang``, default the current language)."""
    if len(items) <= 1:
        return "".join(items)
    return core("and", lang, rest=core("comma", lang).join(items[:-1]), last=items[-1])


def render(phrase: Phrase, names: Optional[Sequence[str]] = None,
           lang: Optional[str] = None) -> str:
    """The text of ``phrase`` in ``lang`` (default: the current language) with each seat said as
    ``names[seat]``; without names a seat is "player 2" ("Player 2" at the start of the text),
    as the engine's own texts read."""
    lang = lang or _language
    text = _Formatter(names, lang).format(template_of(phrase, lang),
                                          **{k: v for k, v in phrase.args})
    if names is None and lang == ENGLISH and text.startswith("player "):
        text = "P" + text[1:]
    return spaced(text, lang)


# Languages written without spaces between words: a Latin letter or a digit next to one of their
# characters is set off by a space ("玩家 1 以 11 分獲勝", "把 E 放置到區域 5"), whatever a
# template's field brought (a player's name, a card, a number).
UNSPACED = {"zh-TW"}
_HAN = "[\u3400-\u9fff\uf900-\ufaff]"
# Compiled when first needed (a Han class takes milliseconds to compile; English never asks).
_SPACERS: tuple[re.Pattern[str], re.Pattern[str]] | None = None


def _spacers() -> tuple[re.Pattern[str], re.Pattern[str]]:
    global _SPACERS
    if _SPACERS is None:
        _SPACERS = (re.compile(f"({_HAN})([A-Za-z0-9])"), re.compile(f"([A-Za-z0-9])({_HAN})"))
    return _SPACERS


def spaced(text: str, lang: str | None = None) -> str:
    """``text`` with a space between a Chinese character and a Latin letter or digit beside it,
    in a language written without spaces (:data:`UNSPACED`); as it is in any other."""
    if (lang or _language) not in UNSPACED:
        return text
    han_then_latin, latin_then_han = _spacers()
    return latin_then_han.sub(r"\1 \2", han_then_latin.sub(r"\1 \2", text))


class Sentence(str):
    """An engine's text (a prompt, a summary, a refusal) that keeps the phrase it was said from,
    so that :func:`say` can say it again with the players' names."""

    phrase: Phrase

    def __new__(cls, phrase: Phrase) -> "Sentence":
        made = super().__new__(cls, render(phrase, lang=ENGLISH))  # an engine speaks English
        made.phrase = phrase
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # copy.deepcopy of a state keeps the phrase
        return (Sentence, (self.phrase,))


_SENTENCES: dict[Phrase, Sentence] = {}   # said() so far (always English: see Sentence)
_SENTENCES_KEPT = 4096


def said(phrase: Phrase) -> Sentence:
    """The engine's own text of ``phrase`` (seats as "player 2"), keeping the phrase. The text
    is English whatever the language, so each phrase is rendered once and kept (the same
    summaries and prompts come back game after game)."""
    try:
        found = _SENTENCES.get(phrase)
    except TypeError:  # an argument that cannot be hashed: said afresh
        return Sentence(phrase)
    if found is None:
        if len(_SENTENCES) >= _SENTENCES_KEPT:
            _SENTENCES.clear()
        found = _SENTENCES[phrase] = Sentence(phrase)
    return found


def say(text: Union[str, Phrase], names: Optional[Sequence[str]] = None) -> str:
    """Any engine text with the players' names: a phrase, a :class:`Sentence`, or plain text
    (which names no seat: said in the current language when the ``engine`` catalogue has it)."""
    if isinstance(text, Phrase):
        return render(text, names)
    if isinstance(text, Sentence):
        return render(text.phrase, names)
    return engine_text(str(text))


def engine_text(text: str, domain: str = "engine", folder: Path = LOCALE_DIR) -> str:
    """An engine's plain English sentence (not yet a phrase) in the current language.

    The ``engine`` catalogue holds those sentences as the engines write them, an f-string's
    fields as ``{0}``, ``{1}``...; a text matching one is said with its translation, the
    matched values put in (each said again the same way). A text the catalogue lacks stays
    English. ``domain`` and ``folder``: another catalogue of plain sentences (the saves')."""
    if _language == ENGLISH or not text:
        return text
    key = (domain, text)
    if key not in _SAID:
        _SAID[key] = spaced(_translated(text, domain, folder))
    return _SAID[key]


def _translated(text: str, domain: str, folder: Path) -> str:
    books = catalogue(domain, folder)
    exact = books.gettext(text)
    if exact != text:
        return exact
    for pattern, template in _engine_patterns(books):
        found = pattern.fullmatch(text)
        if found:
            return template.format(*(engine_text(g, domain, folder) for g in found.groups()))
    return text


_PATTERNS: dict[int, list[tuple["re.Pattern[str]", str]]] = {}
_SAID: dict[tuple[str, str], str] = {}  # plain texts already said in the current language


def _engine_patterns(books: gettext.NullTranslations) -> list[tuple["re.Pattern[str]", str]]:
    if id(books) not in _PATTERNS:
        # gettext has no public way to list a catalogue's messages
        messages: dict[Any, str] = getattr(books, "_catalog", {})
        out = []
        for msgid, msgstr in messages.items():
            if isinstance(msgid, str) and "{0}" in msgid and msgstr:
                parts = re.split(r"\{\d+\}", msgid.replace("{{", "{").replace("}}", "}"))
                regex = "(.*?)".join(re.escape(p) for p in parts)
                out.append((re.compile(regex, re.S), msgstr))
        out.sort(key=lambda p: -len(p[0].pattern))  # the most specific sentence first
        _PATTERNS[id(books)] = out
    return _PATTERNS[id(books)]


CORE = Words("core", {
    "notation": "{notation}",
    "and": "{rest} and {last}",
    "comma": ", ",
    "player": "player {n}",
    "text": "{text}",
    "cannot_go": "That piece cannot go there.",
})
