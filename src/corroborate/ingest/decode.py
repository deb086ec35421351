"""Bytes to text: refuse empty and binary input, detect other encodings and warn."""

from __future__ import annotations

import codecs
import contextlib
import re
from dataclasses import dataclass

from charset_normalizer import from_bytes

from corroborate.errors import BinaryInputError, EmptyInputError

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Control characters that never occur in text (tab, newlines, form feed excepted).
_CONTROL = set(range(0, 9)) | {11} | set(range(14, 32)) | {127}
_SNIFF = 8192
_SINGLE_BYTE_LATIN = re.compile(r"^(cp125[0-8]|latin_1|iso8859_(1|2|15)|windows_125[0-8])$")


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str
    warning: str | None = None


def looks_binary(data: bytes) -> bool:
    """A NUL byte, or more than 10 % control bytes, in the first 8 KiB."""
    head = data[:_SNIFF]
    if b"\x00" in head:
        return True
    controls = sum(1 for b in head if b in _CONTROL)
    return controls > max(1, len(head) // 10)


def decode_bytes(data: bytes, source: str) -> Decoded:
    """Decode `data` as text, naming `source` in any error.

    UTF-8 (with or without BOM) and BOM-marked UTF-16/32 decode silently; any
    other encoding is detected, decoded and reported in `Decoded.warning`.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            text = data.decode(encoding, errors="replace")
            return _checked(Decoded(text, encoding), source)
    if looks_binary(data):
        raise BinaryInputError(source, "binary content (not text); give a .txt, .html, .json or .jsonl file")
    try:
        return _checked(Decoded(data.decode("utf-8"), "utf-8"), source)
    except UnicodeDecodeError:
        pass
    best = from_bytes(data).best()
    if best is None:
        raise BinaryInputError(source, "cannot be decoded as text in any known encoding")
    encoding, text = best.encoding, str(best)
    if _SINGLE_BYTE_LATIN.match(encoding):
        # On short text the detector often picks cp1250 where cp1252 (Western
        # Europe, by far the most common single-byte news encoding) is right.
        with contextlib.suppress(UnicodeDecodeError):
            encoding, text = "cp1252", data.decode("cp1252")
    return _checked(Decoded(text, encoding, f"not UTF-8; decoded as {encoding}: check the characters"), source)


def _checked(decoded: Decoded, source: str) -> Decoded:
    if not decoded.text.strip():
        raise EmptyInputError(source, "empty (no text to analyse)")
    return decoded
