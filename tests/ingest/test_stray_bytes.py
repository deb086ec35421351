"""A few stray bytes do not change what a text is (issue 18, item 7): UTF-8 with one
Latin-1 byte stays UTF-8 (the byte replaced, with a warning), and a text with two NUL
bytes is text."""

from __future__ import annotations

import pytest

from corroborate.errors import BinaryInputError
from corroborate.ingest.decode import _mostly_utf8, decode_bytes

# Curly quotes and an em dash in UTF-8, then one "é" in Latin-1 (0xE9) pasted in.
ARTICLE = (
    "\u201cWe will rebuild the bridge by spring,\u201d the mayor said on Monday \u2014 "
    "and the council agreed. The caf\u00e9 owners welcomed the news.\n" * 4
)
STRAY = ARTICLE.encode("utf-8").replace(b"welcomed", b"welcom\xe9d", 1)


def test_utf8_with_one_stray_latin1_byte_decodes_as_utf8_with_a_warning() -> None:
    decoded = decode_bytes(STRAY, "stray.txt")
    assert decoded.encoding == "utf-8"
    assert "\u201cWe will rebuild" in decoded.text and "caf\u00e9" in decoded.text
    assert "welcom\ufffdd" in decoded.text
    assert decoded.warning and "1 invalid byte" in decoded.warning


def test_latin1_text_without_utf8_characters_is_still_detected() -> None:
    text = "Le caf\u00e9 est ferm\u00e9 le lundi, a d\u00e9clar\u00e9 le maire. " * 3
    decoded = decode_bytes(text.encode("latin-1"), "latin.txt")
    assert decoded.encoding != "utf-8" and "caf\u00e9" in decoded.text


def test_utf8_with_many_latin1_bytes_is_left_to_the_detector() -> None:
    data = "\u201cYes,\u201d she said. ".encode() + "Caf\u00e9 d\u00e9j\u00e0 ferm\u00e9. ".encode("latin-1") * 5
    assert _mostly_utf8(data) is None  # 20 bad bytes in 120: more than 1 %


def test_a_text_with_two_nul_bytes_is_text() -> None:
    data = b"The dock closed\x00 on Monday, the harbour master said.\x00\n"
    decoded = decode_bytes(data, "nul.txt")
    assert decoded.text == "The dock closed on Monday, the harbour master said.\n"
    assert decoded.warning and "2 NUL byte(s) removed" in decoded.warning


def test_many_nul_bytes_are_binary() -> None:
    with pytest.raises(BinaryInputError):
        decode_bytes(b"\x00" * 40 + b"The dock closed on Monday.", "zeros.txt")
