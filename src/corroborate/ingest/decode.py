"""Bytes to text: refuse empty and binary input, detect other encodings and warn.

A few stray bytes do not change the verdict: text with a NUL byte or two is text (the
NULs are dropped, with a warning), and UTF-8 with a stray byte of another encoding (one
Latin-1 "é" pasted into a UTF-8 article) is decoded as UTF-8 with the byte replaced
(U+FFFD) and a warning, not handed to the detector, which reads such a text as a
Cyrillic code page.
"""

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
# UTF-8 with at most this share of invalid bytes (and some valid multibyte characters) is UTF-8.
MOSTLY_UTF8 = 0.01
_UTF8_MULTIBYTE = re.compile(rb"[\xc2-\xf4][\x80-\xbf]+")
_SINGLE_BYTE_LATIN = re.compile(r"^(cp125[0-8]|latin_1|iso8859_(1|2|15)|windows_125[0-8])$")


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str
    warning: str | None = None


def looks_binary(data: bytes) -> bool:
    """More than two NUL bytes making over 1 % of the first 8 KiB, or more than 10 % control
    bytes there. (UTF-16 without a byte-order mark is half NULs; text with a stray NUL or
    two is text.)"""
    head = data[:_SNIFF]
    nuls = head.count(b"\x00")
    if nuls > 2 and nuls > len(head) // 100:
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
    nul_warning = None
    if b"\x00" in data:
        count = data.count(b"\x00")
        data = data.replace(b"\x00", b"")
        nul_warning = f"{count} NUL byte(s) removed"
    try:
        return _checked(Decoded(data.decode("utf-8"), "utf-8", nul_warning), source)
    except UnicodeDecodeError:
        pass
    mostly = _mostly_utf8(data)
    if mostly is not None:
        return _checked(_joined(mostly, nul_warning), source)
    best = from_bytes(data).best()
    if best is None:
        raise BinaryInputError(source, "cannot be decoded as text in any known encoding")
    encoding, text = best.encoding, str(best)
    if _SINGLE_BYTE_LATIN.match(encoding):
        # On short text the detector often picks cp1250 where cp1252 (Western
        # Europe, by far the most common single-byte news encoding) is right.
        with contextlib.suppress(UnicodeDecodeError):
            encoding, text = "cp1252", data.decode("cp1252")
    return _checked(
        _joined(Decoded(text, encoding, f"not UTF-8; decoded as {encoding}: check the characters"), nul_warning), source
    )


def _mostly_utf8(data: bytes) -> Decoded | None:
    """`data` as UTF-8 with its few invalid bytes replaced, when it is UTF-8 but for them:
    at most `MOSTLY_UTF8` of its bytes invalid, and valid multibyte characters besides."""
    text = data.decode("utf-8", errors="replace")
    invalid = text.count("\ufffd") - data.count("\ufffd".encode())  # each stands for 1-3 bytes
    if invalid * 3 > len(data) * MOSTLY_UTF8 or not _UTF8_MULTIBYTE.search(data):
        return None
    return Decoded(text, "utf-8", f"UTF-8 but for {invalid} invalid byte sequence(s), replaced with U+FFFD: check the characters")


def _joined(decoded: Decoded, warning: str | None) -> Decoded:
    if not warning:
        return decoded
    return Decoded(decoded.text, decoded.encoding, f"{decoded.warning}; {warning}" if decoded.warning else warning)


def _checked(decoded: Decoded, source: str) -> Decoded:
    if not decoded.text.strip():
        raise EmptyInputError(source, "empty (no text to analyse)")
    return decoded
