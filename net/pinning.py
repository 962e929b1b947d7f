"""Who the host is: its self-signed certificate, the join code that pins it, the invite string.

The host makes one certificate at its first start (an EC P-256 key, kept under the data
folder). A guest never asks a certificate authority: it compares the SHA-256 of the
certificate the host presents with a pin, either the full fingerprint (an invite string, or a
host it has met) or the join code's tag.

A join code is ten characters of Crockford base32 (``K7Q2M-8WX4R``), 50 bits: the first four
characters (20 bits) are a random secret that lets a guest in, the last six (30 bits) the first
30 bits of HMAC-SHA256(secret, fingerprint). The tag never travels: a host on the network
cannot learn it, and whoever does not know the code cannot make a certificate that passes.
The trade-off is in docs/NETWORK.md.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import os
import secrets
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional
from urllib.parse import parse_qs, urlsplit

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"   # Crockford base32: no I, L, O, U
SECRET_CHARS = 4
TAG_CHARS = 6
CODE_CHARS = SECRET_CHARS + TAG_CHARS
CERT_FILE = "table-cert.pem"
KEY_FILE = "table-key.pem"
INVITE_SCHEME = "nine-lives"


def cert_dir() -> Path:
    """Where the host keeps its certificate (under the platform data folder; tests redirect
    it through ``NINE_LIVES_HOME``)."""
    from saves.paths import data_dir

    return data_dir() / "net"


# -- the join code -------------------------------------------------------------------------------
def _encode(value: int, chars: int) -> str:
    out = []
    for _ in range(chars):
        out.append(ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(out))


def normal_code(code: str) -> str:
    """A typed code in its one spelling: capitals, no dashes or spaces, O read as 0 and I/L
    as 1 (Crockford); "" if it is not ten code characters."""
    text = code.upper().replace("-", "").replace(" ", "")
    text = text.replace("O", "0").replace("I", "1").replace("L", "1")
    if len(text) != CODE_CHARS or any(ch not in ALPHABET for ch in text):
        return ""
    return text


def _tag(secret: str, fingerprint: str) -> str:
    mac = hmac.new(secret.encode("ascii"), bytes.fromhex(fingerprint), hashlib.sha256).digest()
    return _encode(int.from_bytes(mac, "big") >> (256 - 5 * TAG_CHARS), TAG_CHARS)


def make_code(fingerprint: str) -> str:
    """A new join code for the certificate with ``fingerprint`` (hex SHA-256), ``XXXXX-XXXXX``."""
    secret = _encode(secrets.randbelow(32 ** SECRET_CHARS), SECRET_CHARS)
    code = secret + _tag(secret, fingerprint)
    return f"{code[:5]}-{code[5:]}"


def code_pins(code: str, fingerprint: str) -> bool:
    """True if the join ``code`` was made for the certificate with ``fingerprint``."""
    text = normal_code(code)
    if not text:
        return False
    return hmac.compare_digest(_tag(text[:SECRET_CHARS], fingerprint), text[SECRET_CHARS:])


def same_code(typed: str, code: str) -> bool:
    """True if ``typed`` is ``code`` (in any of its spellings), compared in constant time."""
    a, b = normal_code(typed), normal_code(code)
    return bool(a) and hmac.compare_digest(a, b)


def fingerprint_of(der: bytes) -> str:
    """The SHA-256 of a DER certificate, as 64 lowercase hex digits."""
    return hashlib.sha256(der).hexdigest()


# -- the invite string --------------------------------------------------------------------------
@dataclass(frozen=True)
class Invite:
    """Everything a guest needs to join: address, port, join code and the full fingerprint."""

    host: str
    port: int
    code: str
    fingerprint: str

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{INVITE_SCHEME}://{host}:{self.port}/{self.code}?fp={self.fingerprint}"


def parse_invite(text: str) -> Invite:
    """Read an invite string (``nine-lives://host:port/CODE?fp=<hex>``); ``ValueError`` with a
    reason a player can read if it is not one."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        raise ValueError("That is not a Nine Lives invite.") from None
    if parts.scheme != INVITE_SCHEME or not parts.hostname or port is None:
        raise ValueError("That is not a Nine Lives invite.")
    code = normal_code(parts.path.strip("/"))
    fps = parse_qs(parts.query).get("fp", [])
    fp = fps[0].lower() if fps else ""
    if not code or len(fp) != 64 or any(c not in "0123456789abcdef" for c in fp):
        raise ValueError("The invite is incomplete: ask the host for it again.")
    return Invite(parts.hostname, port, f"{code[:5]}-{code[5:]}", fp)


# -- the certificate ------------------------------------------------------------------------------
def _write_private(path: Path, data: bytes) -> None:
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(name, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(name, path)
    except BaseException:
        try:
            os.unlink(name)
        except OSError:
            pass
        raise


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """Make a new self-signed certificate and key in ``folder``; their paths."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    from saves.jsonfile import make_folder

    make_folder(folder)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Nine Lives table")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=3650))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), False)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / CERT_FILE, folder / KEY_FILE
    _write_private(key_path, key.private_bytes(serialization.Encoding.PEM,
                                               serialization.PrivateFormat.PKCS8,
                                               serialization.NoEncryption()))
    _write_private(cert_path, cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def load_certificate(folder: Optional[Path] = None) -> tuple[Path, Path, str]:
    """The host's certificate and key paths and the certificate's fingerprint, made at the
    first start (and made again if the files there are damaged)."""
    import ssl

    folder = folder or cert_dir()
    cert_path, key_path = folder / CERT_FILE, folder / KEY_FILE
    for attempt in range(2):
        if attempt or not (cert_path.is_file() and key_path.is_file()):
            make_certificate(folder)
        try:
            pem = cert_path.read_text("ascii")
            der = ssl.PEM_cert_to_DER_cert(pem)
            ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(
                str(cert_path), str(key_path))
        except (OSError, ValueError, ssl.SSLError):
            if attempt:
                raise
            continue
        return cert_path, key_path, fingerprint_of(der)
    raise AssertionError("unreachable")
