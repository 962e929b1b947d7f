"""The table protocol: its version, the one JSON codec with its limits, error codes and the
checks every guest message passes before the host looks at it (docs/NETWORK.md)."""

from __future__ import annotations

import json
import re
from array import array
from itertools import accumulate
from typing import Any, Optional, Union

PROTOCOL_VERSION = 1
MAX_MESSAGE = 64 * 1024          # bytes, a guest's message (the host's websocket max_size too)
MAX_FRAME = 8 * 1024 * 1024      # bytes, what a guest accepts from the host (a long game's log)
MAX_DEPTH = 24                   # nesting of a guest's message (objects and lists)
MAX_FRAME_DEPTH = 64             # nesting a guest accepts in a frame
MAX_NAME = 24                    # characters of a player's name
MAX_REF = 2**31 - 1

JsonDict = dict[str, Any]

# Error codes (the "code" of an error message); the text says the same for a player.
BAD_JSON = "bad_json"            # not JSON text (or not UTF-8)
TOO_BIG = "too_big"              # over MAX_MESSAGE
TOO_DEEP = "too_deep"            # nested over MAX_DEPTH
BINARY = "binary"                # a binary websocket frame
NOT_OBJECT = "not_object"        # JSON but not an object
UNKNOWN_TYPE = "unknown_type"    # "t" missing or not a message the host knows
BAD_FIELD = "bad_field"          # a field missing or of the wrong type
VERSION = "version"              # the guest speaks another protocol version
NO_HELLO = "no_hello"            # something other than hello first
HELLO_TIMEOUT = "hello_timeout"  # no hello within the deadline
BAD_CODE = "bad_code"            # wrong join code
LOCKED_OUT = "locked_out"        # too many wrong codes
FULL = "full"                    # the connection cap is reached
NO_SEAT = "no_seat"              # no free seat (or the one asked for is not free)
BAD_TOKEN = "bad_token"          # an unknown resume or host token
NOT_YOUR_SEAT = "not_your_seat"  # the seat named is not held by this connection
NOT_YOUR_TURN = "not_your_turn"  # the seat is held but not to move (or a bot's turn)
BAD_ACTION = "bad_action"        # the action is not an action of this game
ILLEGAL = "illegal"              # a real action the rules refuse now (text: the reason)
NO_UNDO = "no_undo"              # undo is not allowed now
LOBBY = "lobby"                  # the table has not begun
RATE = "rate_limited"            # too many messages
TWICE = "hello_twice"            # a second hello on one connection
REPLACED = "replaced"            # the seat was resumed from another connection
CLOSING = "closing"              # the host is closing the table

GUEST_TYPES = ("hello", "act", "why_pick", "why_drop", "undo", "bye")


class ProtocolError(ValueError):
    """A message refused: ``code`` one of the codes above, ``text`` a sentence for a player
    (plain, or an engine's text as JSON: ``net.frames.text_to_json``)."""

    def __init__(self, code: str, text: Any, ref: Optional[int] = None) -> None:
        super().__init__(f"{code}: {text}")
        self.code = code
        self.text = text
        self.ref = ref


def encode(message: JsonDict) -> str:
    """One message as compact JSON text (always valid UTF-8: a lone surrogate, say a guest's
    own text echoed in a refusal, travels as a JSON escape)."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(message, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    return text


def depth_of(value: Any, limit: int) -> int:
    """The nesting depth of a JSON value (walked without recursion, stopping past ``limit``)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((c, depth + 1) for c in children)
    return deepest


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string (the unrolled loop)
_BRACKETS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # +1 and -1 as signed bytes
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")


def depth_of_text(text: str) -> int:
    """The nesting depth of valid JSON ``text``, read off its brackets outside strings: the
    same figure as :func:`depth_of` of its value, at C speed for a host's large frames."""
    brackets = _STRING.sub("", text).encode("utf-8", "surrogatepass")
    steps = array("b", brackets.translate(_BRACKETS, _NOT_BRACKETS))
    return max(accumulate(steps), default=0)


def decode(raw: Union[str, bytes], max_bytes: int = MAX_MESSAGE,
           max_depth: int = MAX_DEPTH) -> JsonDict:
    """A websocket message as a JSON object; :class:`ProtocolError` for binary data, oversize,
    bad JSON, deep nesting or anything but an object."""
    if isinstance(raw, (bytes, bytearray, memoryview)):
        raise ProtocolError(BINARY, "Binary messages are not accepted; send JSON text.")
    if len(raw) > max_bytes or len(raw.encode("utf-8", "surrogatepass")) > max_bytes:
        raise ProtocolError(TOO_BIG, f"The message is over {max_bytes // 1024} KiB.")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise ProtocolError(TOO_DEEP, "The message is nested too deeply.") from None
    except ValueError as exc:
        raise ProtocolError(BAD_JSON, f"The message is not JSON ({exc}).") from None
    if not isinstance(data, dict):
        raise ProtocolError(NOT_OBJECT, "A message must be a JSON object.")
    deepest = depth_of_text(raw) if len(raw) > 8192 else depth_of(data, max_depth)
    if deepest > max_depth:
        raise ProtocolError(TOO_DEEP, "The message is nested too deeply.")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _ref(message: JsonDict) -> Optional[int]:
    ref = message.get("ref")
    if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref <= MAX_REF:
        return ref
    return None


def _int(message: JsonDict, key: str, ref: Optional[int], optional: bool = False,
         high: int = 64) -> Optional[int]:
    value = message.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < high:
        raise ProtocolError(BAD_FIELD, f"'{key}' must be a small whole number.", ref)
    return value


def _str(message: JsonDict, key: str, ref: Optional[int], limit: int,
         optional: bool = False) -> Optional[str]:
    value = message.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError(BAD_FIELD, f"'{key}' must be a text of at most {limit} characters.",
                            ref)
    return value


def check_guest_message(message: JsonDict) -> JsonDict:
    """``message`` if it is a well-formed guest message (type and field types checked; what
    it asks for is the host's business); :class:`ProtocolError` else."""
    kind = message.get("t")
    ref = _ref(message)
    if "ref" in message and message["ref"] is not None and ref is None:
        raise ProtocolError(BAD_FIELD, "'ref' must be a whole number.", None)
    if kind not in GUEST_TYPES:
        raise ProtocolError(UNKNOWN_TYPE, f"Unknown message type {str(kind)[:32]!r}.", ref)
    if kind == "hello":
        version = message.get("v")
        if version != PROTOCOL_VERSION:
            raise ProtocolError(VERSION, f"This table speaks protocol {PROTOCOL_VERSION}, "
                                f"not {str(version)[:16]}: update Nine Lives.", ref)
        _str(message, "code", ref, 32, optional=True)
        _str(message, "resume", ref, 64, optional=True)
        _str(message, "host_token", ref, 128, optional=True)
        _str(message, "name", ref, 200, optional=True)
        _int(message, "seat", ref, optional=True)
        if not isinstance(message.get("spectate", False), bool):
            raise ProtocolError(BAD_FIELD, "'spectate' must be true or false.", ref)
        if not any(isinstance(message.get(k), str) for k in ("code", "resume", "host_token")):
            raise ProtocolError(BAD_FIELD, "A hello needs a join code or a resume token.", ref)
    elif kind == "act":
        _int(message, "seat", ref)
        if not isinstance(message.get("action"), dict):
            raise ProtocolError(BAD_FIELD, "'action' must be an object.", ref)
    elif kind == "why_pick":
        if not isinstance(message.get("source"), list):
            raise ProtocolError(BAD_FIELD, "'source' must be a list.", ref)
    elif kind == "why_drop":
        if not isinstance(message.get("source"), list) or not isinstance(
                message.get("target"), list):
            raise ProtocolError(BAD_FIELD, "'source' and 'target' must be lists.", ref)
    return message


def error(code: str, text: Any, ref: Optional[int] = None) -> JsonDict:
    """An error message for a guest (``text``: a plain string or a text as JSON)."""
    return {"t": "error", "code": code, "ref": ref, "text": text}


def clean_name(name: Optional[str], fallback: str) -> str:
    """A player's name as the table shows it: printable, trimmed, at most MAX_NAME
    characters; ``fallback`` if nothing is left."""
    text = "".join(ch for ch in (name or "") if ch.isprintable())
    text = " ".join(text.split())[:MAX_NAME]
    return text or fallback
