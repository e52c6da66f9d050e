"""Share links: a whole fight record in a URL fragment, compact, versioned and checked, and a decoder for untrusted
input.

The code is ``"2."`` (the link format's version) + base64url (no padding) of the raw-deflated compact JSON of the
record followed by the CRC-32 of that JSON (4 bytes, big-endian): a link changed or cut anywhere is refused as
damaged instead of opening as another fight. Format 3 is the same with the JSON a pair, the record and its preview
(what the friend's page draws before the rules have loaded: :mod:`pyrules.preview`), both under the check. Links of
format 1 (format 2 without the CRC-32) still open. A link is
untrusted input: :func:`decode` returns a dict or raises :class:`RecordError` naming the link, never anything else,
whatever the text (malformed, truncated, oversized, a deflate bomb, deeply nested JSON).

>>> record = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "hero": {"skill": 15, "endurance": 20},
...           "enemies": [{"name": "Giak", "skill": 13, "endurance": 10}], "actions": [{"do": "round"}]}
>>> code = encode(record)
>>> code[:2], decode(code) == record
('2.', True)
>>> decode(code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:])  # one character of its check changed
Traceback (most recent call last):
...
pyrules.fields.RecordError: link (Share link): is damaged: it was changed or cut on its way (its check does not match)
>>> decode("1.not*base64")
Traceback (most recent call last):
...
pyrules.fields.RecordError: link (Share link): is damaged: it has characters a share link never has
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from .fields import RecordError, check_depth, strict_loads
from .i18n import tr

LINK_VERSION = 3  # 3: [record, preview]; 2: a CRC-32 of the record's JSON after the deflated data; 1: no CRC-32
PREFIX = "2."  # a link without a preview
CHECK_BYTES = 4
MAX_CODE = 16_000  # characters in the fragment
MAX_JSON = 400_000  # bytes once inflated
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")


def _error(message: str) -> RecordError:
    return RecordError("link", message, tr("Share link"))


TOO_LONG = "cannot carry a fight this long: use Export to save it as a file and send the file instead"


def encode(record: dict, too_long: str = TOO_LONG, preview: Any = None) -> str:
    """The link's code for a fight record or an adventure document (:mod:`pyrules.adventure`: the hero's sheet and
    all its fights), with its ``preview`` where given (format 3); one the decoder would refuse (past its limits, or
    not text) is refused here instead, so that every link the app gives can be opened: past its limits, with the
    words ``too_long`` (English, translated)."""
    try:
        carried = record if preview is None else [record, preview]
        text = json.dumps(carried, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:
        raise _error(tr("cannot be made: the fight holds a broken character that is not text")) from None
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text) + packer.flush() + zlib.crc32(text).to_bytes(CHECK_BYTES, "big")
    code = ("3." if preview is not None else PREFIX) + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")
    if len(text) > MAX_JSON or len(code) > MAX_CODE:
        raise _error(tr(too_long))
    return code


def decode(code: Any) -> dict:
    """The record (or adventure document) a link's code carries: see :func:`decode_shared`."""
    return decode_shared(code)[0]


def decode_shared(code: Any) -> tuple[dict, Any]:
    """The record (or adventure document) a link's code carries, and the preview it carries (None before format 3;
    untrusted: any JSON value)."""
    if not isinstance(code, str):
        raise _error(tr("must be text"))
    code = code.strip()
    if code.startswith("#"):
        code = code[1:]
    if code.startswith("f="):
        code = code[2:]
    if len(code) > MAX_CODE:
        raise _error(
            tr("is too long ({n} {n|character|characters}; a share link has at most {max})", n=len(code), max=MAX_CODE)
        )
    version, dot, body = code.partition(".")
    if not dot or not version.isdigit() or not version.isascii():
        raise _error(tr("is not a pyrules share link (it should start with {prefix})", prefix=f"{LINK_VERSION}."))
    version = version.lstrip("0")
    if not version or len(version) > 6:  # int() would refuse thousands of digits; no link format will need 7
        raise _error(tr("is not a pyrules share link (unknown link format)"))
    if int(version) > LINK_VERSION:
        raise _error(tr("was made by a newer version of pyrules (link format {n}): update the app", n=int(version)))
    checked = int(version) >= 2
    if not _ALPHABET.fullmatch(body):
        raise _error(tr("is damaged: it has characters a share link never has"))
    if not body or len(body) % 4 == 1:
        raise _error(tr("is damaged or cut short"))
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _error(tr("is damaged or cut short")) from None
    unpacker = zlib.decompressobj(-15)
    try:
        text = unpacker.decompress(packed, MAX_JSON)
    except zlib.error:
        raise _error(tr("is damaged or cut short")) from None
    if unpacker.unconsumed_tail:
        raise _error(tr("holds too much data to be a fight"))
    if not unpacker.eof:
        raise _error(tr("is cut short (the end of the link is missing)"))
    check = unpacker.unused_data[:CHECK_BYTES] if checked else b""
    if unpacker.unused_data != check:
        raise _error(tr("is damaged (it has data after its end)"))
    if checked and (len(check) < CHECK_BYTES or int.from_bytes(check, "big") != zlib.crc32(text)):
        raise _error(tr("is damaged: it was changed or cut on its way (its check does not match)"))
    try:
        decoded = text.decode("utf-8")
        check_depth(decoded, "link")
        record = strict_loads(decoded)
    except RecordError:
        raise _error(tr("is damaged (its contents are nested too deeply to be a fight record)")) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _error(tr("is damaged (its contents are not a fight record)")) from None
    preview = None
    if int(version) >= 3:
        if not isinstance(record, list) or len(record) != 2:
            raise _error(tr("is damaged (its contents are not a fight record)"))
        record, preview = record
    if not isinstance(record, dict):
        raise _error(tr("is damaged (its contents are not a fight record)"))
    return record, preview
