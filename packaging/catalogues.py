"""The message catalogues: every English string the player can see, gathered into gettext
``.po`` files (one domain per game, ``core`` for shared words, ``ui`` for the interface), and
compiled to the ``.mo`` files the app reads with the standard library's gettext.

``python packaging/catalogues.py update`` adds new English strings to every language's ``.po``
(untranslated) and marks a changed English string fuzzy; ``compile`` writes the ``.mo`` files.
A message's context is its stable key, its msgid the English. Needs Babel (the test extra).
"""

from __future__ import annotations

import ast
import importlib
import io
import pkgutil
import re
import string
import sys
from pathlib import Path
from typing import Iterator, NamedTuple, Optional

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("zh_TW",)
PLURALS = {"zh_TW": "nplurals=1; plural=0;"}


class Message(NamedTuple):
    """One English string: its key (the context), the text and, for counts, its plural."""

    key: str
    text: str
    plural: Optional[str] = None


def _game_tables() -> dict[str, list[Message]]:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import cats
    from cats import words
    for info in pkgutil.walk_packages(cats.__path__, "cats."):
        importlib.import_module(info.name)
    out = {}
    for domain, table in sorted(words._TABLES.items()):
        out[domain] = [Message(k, v) if isinstance(v, str) else Message(k, v[0], v[1])
                       for k, v in table.templates.items()]
    return out


# Engine modules whose returned sentences are not player text (or are phrases already).
NOT_SAID = {"words.py", "bots.py", "solver.py", "invariants.py", "saves.py", "info.py",
            "__init__.py", "tutorial.py", "actions.py", "cards.py", "scoring.py"}


def _template(node: ast.expr) -> Optional[str]:
    """A string constant as it is, an f-string with its fields as {0}, {1}..."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out, i = [], 0
        for v in node.values:
            if isinstance(v, ast.Constant):
                out.append(str(v.value).replace("{", "{{").replace("}", "}}"))
            else:
                out.append(f"{{{i}}}")
                i += 1
        return "".join(out)
    if isinstance(node, ast.IfExp):
        return None
    return None


def _said(node: ast.expr) -> list[str]:
    """The texts an expression can give: a string or f-string, either branch of ``a if c else
    b``, and a table's values (``{...}[key]``, ``{...}.get(key, default)``)."""
    if isinstance(node, ast.IfExp):
        return _said(node.body) + _said(node.orelse)
    if isinstance(node, ast.Dict):
        return [t for v in node.values for t in _said(v)]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
        return _said(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "get" and isinstance(node.func.value, ast.Dict):
        return _said(node.func.value) + [t for a in node.args[1:] for t in _said(a)]
    text = _template(node)
    return [text] if text is not None else []


def _locals_said(function: ast.AST, returned: ast.expr) -> list[str]:
    """The texts of the locals a returned f-string puts in (``closed = "" if ... else " (red is
    not open yet)"`` then ``return f"Lead a card{closed}"``): said inside the sentence."""
    return [t for v in _locals_values(function, [returned]) for t in _said(v)]


def _locals_values(function: ast.AST, returned: list[ast.expr]) -> list[ast.expr]:
    """The values assigned to the locals the returned f-strings put in."""
    names = {n.id for r in returned for v in ast.walk(r) if isinstance(v, ast.FormattedValue)
             for n in ast.walk(v.value) if isinstance(n, ast.Name)}
    return [node.value for node in ast.walk(function) if isinstance(node, ast.Assign)
            and any(getattr(t, "id", None) in names for t in node.targets)]


# Engine functions whose one-word answers are player text too (a button's "Draw", a
# progress line's "predictions"), by the form such a word takes there.
ONE_WORD = {"label": r"[A-Z][a-z]{2,}", "progress": r"[a-z]{3,}"}


# Engine functions whose every string is player text (an end's summary and score lines).
SAID_WHOLE = {"outcome", "_solo_outcome", "_lines"}


def _texts_in(tree: ast.AST) -> list[str]:
    """Every string and f-string under ``tree`` (not the pieces of an f-string, not docstrings)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            skip.add(id(body[0].value))
    out = []
    for node in ast.walk(tree):
        if id(node) not in skip and isinstance(node, (ast.Constant, ast.JoinedStr)):
            text = _template(node)
            if text is not None:
                out.append(text)
    return out


def sentences_of(path: Path, whole: bool = False) -> list[str]:
    """The player sentences of one module: returned texts, IllegalAction reasons and every text
    of the functions in :data:`SAID_WHOLE` (``whole``: every text of the module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    texts: list[str] = _texts_in(tree) if whole else []
    words: list[str] = []
    for node in ast.walk(tree):
        if whole:
            break
        if isinstance(node, ast.FunctionDef):
            returns = [r.value for r in ast.walk(node)
                       if isinstance(r, ast.Return) and r.value is not None]
            for value in returns:
                texts += _locals_said(node, value)
            if node.name in ONE_WORD:
                words += [t for v in returns + _locals_values(node, returns) for t in _said(v)
                          if re.fullmatch(ONE_WORD[node.name], t)]
        if isinstance(node, ast.Return) and node.value is not None:
            texts += _said(node.value)
        elif isinstance(node, ast.Call) and getattr(
                node.func, "id", getattr(node.func, "attr", "")) == "IllegalAction":
            texts += [t for a in node.args for t in _said(a)]
        elif isinstance(node, ast.FunctionDef) and node.name in SAID_WHOLE:
            texts += _texts_in(node)
    return [t for t in texts if " " in t and re.search(r"[A-Za-z]{3}", t)] + words


def engine_sentences() -> list[Message]:
    """The engines' plain English sentences (returned prompts, labels, refusals, statuses and
    IllegalAction reasons not yet made phrases, and an end's summary and score lines), each its
    own key."""
    found: dict[str, str] = {}
    files = sorted((ROOT / "cats").glob("*/*.py")) + [ROOT / "cats" / "core.py",
                                                      ROOT / "cats" / "session.py"]
    for path in files:
        if path.name in NOT_SAID:
            continue
        for text in sentences_of(path):
            found.setdefault(text, text)
    from cats.between.cards import CARD_NAMES as LURES
    from cats.between.cards import SUIT_NAMES as TOYS
    from cats.catch22.board import KIND_NAMES
    from cats.gambit.cards import CARD_NAMES, PAWN_NAMES, PAWN_TEXT, RANKS
    # nouns said in phrases; a Pawn's ability, shown when the pointer is over it
    for names in (CARD_NAMES, PAWN_NAMES, KIND_NAMES, dict(RANKS), PAWN_TEXT):
        for name in names.values():
            found.setdefault(name, name)
    for noun in TOYS + LURES:  # Cat Between Us's toys and lure cards ("bell 5")
        found.setdefault(noun, noun)
    found.setdefault("the {0}", "the {0}")  # cats.gambit.cards.the
    found.setdefault("Winner", "Winner")  # cats.between.state: a score line of one word
    for star in ("north", "south", "east", "west"):  # Catch 22's Stars (board.json)
        found.setdefault(star, star)
    for colour in ("red", "blue", "yellow", "green"):  # Cat in the Box's colours
        found.setdefault(colour, colour)
        found.setdefault(f"{{0}} {colour}", f"{{0}} {colour}")  # a space: str(Play) "1 red"
    # cats.box.state._or_list: "1 or 3", "1, 3 or 4", "red, blue, yellow or green"
    # ... and its label of a play, "4 as red" (no word of three letters: not found above)
    for text in ("{0} or {1}", "{0}, {1} or {2}", "{0}, {1}, {2} or {3}", "{0} as {1}"):
        found.setdefault(text, text)
    return [Message("", t) for t in found]  # no context: looked up by the English itself


def _raised(path: Path) -> list[str]:
    """The texts of the errors a module raises (the command line's answers)."""
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and node.exc is not None:
            out += _texts_in(node.exc)
    return [t for t in out if " " in t and re.search(r"[A-Za-z]{3}", t)]


# argparse's own answers (Python 3.10-3.13), its %-fields as {0}, {1}.
ARGPARSE = ("unrecognized arguments: {0}", "argument {0}: {1}",
            "argument {0}: invalid choice: {1} (choose from {2})", "expected one argument",
            "argument {0}: expected one argument", "the following arguments are required: {0}",
            "argument {0}: ignored explicit argument {1}", "(see --help)")


# The operating system's words most often inside those messages (strerror on Linux and macOS).
OS_ERRORS = ("Read-only file system", "No space left on device", "Permission denied",
             "Disk quota exceeded", "No such file or directory", "Is a directory",
             "Not a directory", "File exists")


def message_sentences() -> list[Message]:
    """The plain sentences a player reads from ``saves/`` (damaged files, the lock, names
    refused, saving stopped) and from the command line (each wrong argument's answer), each
    its own key; "{0}: {1}" says a file's name before its problem."""
    found: dict[str, str] = {}
    texts: list[str] = []
    for path in sorted((ROOT / "saves").glob("*.py")):
        texts += sentences_of(path, whole=True)
    for name in ("cli.py", "cliparser.py", "app.py", "startup.py", "loop.py", "commands.py"):
        texts += _raised(ROOT / "screens" / name)
    import cats
    texts += list(ARGPARSE) + list(OS_ERRORS) + ["{0}: {1}"]
    texts += [g.info.title for g in cats.GAMES.values()]
    for text in texts:
        found.setdefault(text, text)
    return [Message("", t) for t in found]


def sources() -> dict[tuple[Path, str], list[Message]]:
    """Every English message, by (locale folder, domain)."""
    from screens.text import STRINGS
    out = {(ROOT / "cats" / "locale", d): m for d, m in _game_tables().items()}
    out[(ROOT / "cats" / "locale", "engine")] = engine_sentences()
    out[(ROOT / "assets" / "locale", "messages")] = message_sentences()
    out[(ROOT / "assets" / "locale", "ui")] = [
        Message(k, v) if isinstance(v, str) else Message(k, v[0], v[1])
        for k, v in STRINGS["en"].items()]
    return out


# Calls whose string arguments are not words a player reads (keys, logs, files, patterns).
NOT_TEXT_CALLS = {"tr", "debug", "info", "warning", "error", "exception", "critical", "getLogger",
                  "image", "asset_path", "read_text", "get", "setdefault", "getattr", "hasattr",
                  "startswith", "endswith", "compile", "fullmatch", "match", "sub", "search",
                  "findall", "split", "strftime", "strptime", "cast", "TypeVar", "import_module",
                  "rules_section", "option_label", "option_help", "stage", "Stage", "Tween",
                  "filterwarnings", "print"}  # print: the terminal's lines of --smoke and --screenshot
IDENTIFIER = re.compile(r"[\w.\-/#:%+*=<>!?()\[\],|&^@'\\{};]*")
# Strings in screens/ that are not translated on purpose (key names, the app's name as its
# window title, HTML markup), by their text.
NOT_WORDS = {"Esc", "Home", "End", "Enter", "Ctrl+Z", "Ctrl+Y", "Nine Lives", "saved {}",
             "smoke ok — ", "{}: {} moves", "Smoke", "Bot {}",
             "%(asctime)s %(levelname)s %(name)s: %(message)s",  # the log file's lines
             "largest group",  # a column's key (box.col.largest_group)
             # the screenshot mode's sample reasons: the saves' sentences (messages.po)
             "Another copy of Nine Lives (process 4242) is using {}.",
             "{} cannot be written (Read-only file system)",
             # English-only shortenings of a long Cat Chess prompt
             ": let it stay, move it next door or swap with a neighbour", " of the garden",
             ", or activate an awake cat in the garden"}


def _annotations(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        parts: list[Optional[ast.expr]] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            parts.append(node.returns)
            args = node.args
            parts += [a.annotation for a in args.args + args.kwonlyargs + args.posonlyargs]
            parts += [args.vararg.annotation if args.vararg else None,
                      args.kwarg.annotation if args.kwarg else None]
        elif isinstance(node, ast.AnnAssign):
            parts.append(node.annotation)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            parts += node.body  # type: ignore[arg-type]
        for part in parts:
            if part is not None:
                skip.update(id(n) for n in ast.walk(part))
    return skip


def screen_literals(paths: Optional[list[Path]] = None) -> list[str]:
    """English words written straight into a screen (not looked up with ``tr``), as
    "path:line: text": every string or f-string of ``screens/`` that reads as words, leaving
    out docstrings, annotations, keys and identifiers, comparisons, dictionary look-ups, the
    arguments of :data:`NOT_TEXT_CALLS`, raised errors and :data:`NOT_WORDS`."""
    if paths is None:
        paths = [p for p in sorted((ROOT / "screens").rglob("*.py"))
                 if p.name not in ("text.py", "text_tables.py", "cli.py", "cliparser.py")]
    out = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _annotations(tree)
        joiners = {id(n.func.value) for n in ast.walk(tree) if isinstance(n, ast.Call)
                   and isinstance(n.func, ast.Attribute) and n.func.attr == "join"
                   and isinstance(n.func.value, ast.Constant) and n.func.value.value in SEPARATORS}
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                    and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
            if isinstance(node, ast.JoinedStr):
                skip.update(id(v) for v in node.values)
            elif isinstance(node, ast.Call) and getattr(
                    node.func, "id", getattr(node.func, "attr", "")) in NOT_TEXT_CALLS:
                for arg in [*node.args, *(k.value for k in node.keywords)]:
                    skip.update(id(n) for n in ast.walk(arg))
            elif isinstance(node, (ast.Raise, ast.Compare)):
                skip.update(id(n) for n in ast.walk(node))
            elif isinstance(node, ast.Subscript):
                skip.update(id(n) for n in ast.walk(node.slice))
            elif isinstance(node, ast.Dict):
                skip.update(id(k) for k in node.keys if k is not None)
            elif isinstance(node, ast.Assign) and any(
                    getattr(target, "id", "") == "__all__" for target in node.targets):
                skip.update(id(n) for n in ast.walk(node.value))
            elif isinstance(node, ast.keyword) and node.arg in ("object_id", "tag", "style"):
                skip.update(id(n) for n in ast.walk(node.value))
        for node in ast.walk(tree):
            if id(node) in skip or not isinstance(node, (ast.Constant, ast.JoinedStr)):
                continue
            if isinstance(node, ast.Constant):
                if not isinstance(node.value, str):
                    continue
                text = node.value
            else:
                text = "".join(v.value if isinstance(v, ast.Constant) else "{}"
                               for v in node.values)
            bare = re.sub(r"\{[^}]*\}", "", text)
            if id(node) in joiners or (isinstance(node, ast.JoinedStr)
                                       and PUNCTUATED.fullmatch(text)):
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
                continue
            word = re.fullmatch(r"[A-Z][a-z]+[!?:.]?|[A-Z]{2,}[!?]?", text)  # "Pawns", "OK"
            if (not re.search(r"[A-Za-z]{2}", bare) or (IDENTIFIER.fullmatch(text) and not word)
                    or text in NOT_WORDS or text.lstrip().startswith("<")):
                continue
            out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    return out


# English punctuation between words put together in a screen: a list's ", " or "; " (the
# separator of a join), "{a}, {b}", "{a} ({b})", "{a}: {b}" — Chinese has its own (、 ； （）：).
SEPARATORS = {", ", "; ", ": "}
PUNCTUATED = re.compile(r"\s*(\{\}\s*)?([,;:]\s*\{\}|\(\{\}\))(\s*[,;:(]?\s*\{\}\)?)*\s*")


def po_path(folder: Path, lang: str, domain: str) -> Path:
    """Where one language's catalogue of one domain lives."""
    return folder / lang / "LC_MESSAGES" / f"{domain}.po"


def load(path: Path, lang: str) -> Catalog:
    """A ``.po`` file (an empty catalogue if there is none yet)."""
    if path.exists():
        with path.open("rb") as f:
            return read_po(f, locale=lang)
    return Catalog(locale=lang, project="Nine Lives", domain=path.stem)


def fields(text: str) -> set[str]:
    """The placeholders of a template ({name} and {name:.1f} both give "name")."""
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(text) if name}


def problems(messages: list[Message], catalog: Catalog) -> Iterator[str]:
    """Each message without a translation, with a stale one, or whose placeholders differ."""
    for m in messages:
        entry = catalog.get(m.text if m.plural is None else (m.text, m.plural),
                            context=m.key or None)
        found = entry.string if entry is not None else None
        forms = [found] if isinstance(found, str) else list(found or [])
        if entry is None or not any(forms) or entry.fuzzy:
            yield f"{m.key}: no translation of {m.text!r}"
            continue
        english = fields(m.text) | (fields(m.plural) if m.plural else set())
        for form in forms:
            # An engine sentence's numbered fields may carry English-only words (a plural
            # "s"), which a translation leaves out; it may not invent one.
            same = fields(form) <= english if not m.key else fields(form) == english
            if not same:
                yield f"{m.key}: placeholders of {form!r} differ from {m.text!r}"


def update() -> None:
    """Bring every ``.po`` up to the English sources (new keys untranslated, old text kept)."""
    for (folder, domain), messages in sources().items():
        for lang in LANGUAGES:
            path = po_path(folder, lang, domain)
            old = load(path, lang)
            by_key = {(m.context or m.id): m for m in old if m.id}
            new = Catalog(locale=lang, project="Nine Lives", domain=domain, fuzzy=False,
                          creation_date=old.creation_date)
            for m in messages:
                msgid = m.text if m.plural is None else (m.text, m.plural)
                prev = by_key.get(m.key or m.text)
                text = prev.string if prev is not None else ""
                stale = prev is not None and prev.id != msgid
                if m.plural is not None and isinstance(text, str):
                    text = (text,)
                new.add(msgid, text, context=m.key or None, flags=("fuzzy",) if stale else ())
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as f:
                write_po(f, new, width=100, omit_header=False, sort_output=False)


def compiled(path: Path, lang: str) -> bytes:
    """The ``.mo`` bytes of a ``.po`` file (fuzzy entries left out, so they read as English)."""
    buf = io.BytesIO()
    write_mo(buf, load(path, lang), use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> None:
    """Write every ``.mo`` next to its ``.po``."""
    for (folder, domain) in sources():
        for lang in LANGUAGES:
            path = po_path(folder, lang, domain)
            path.with_suffix(".mo").write_bytes(compiled(path, lang))


if __name__ == "__main__":
    {"update": update, "compile": compile_all}[sys.argv[1] if len(sys.argv) > 1 else "update"]()
