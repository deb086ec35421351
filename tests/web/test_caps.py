"""The web app's size caps: one derivation from the cap per file."""

from __future__ import annotations

from corroborate.settings import DEFAULT_WEB_MAX_BYTES, MIB
from corroborate.web.inputs import Caps


def test_the_default_caps_are_the_ones_serve_derives() -> None:
    caps = Caps()
    assert (caps.max_file_bytes, caps.max_total_bytes, caps.max_request_bytes) == (2 * MIB, 10 * MIB, 11 * MIB)
    assert Caps.for_file_bytes(DEFAULT_WEB_MAX_BYTES) == caps


def test_the_total_and_the_body_follow_the_file_cap() -> None:
    caps = Caps.for_file_bytes(MIB, max_files=3, max_urls=3)
    assert (caps.max_file_bytes, caps.max_total_bytes, caps.max_request_bytes) == (MIB, 5 * MIB, 6 * MIB)
    assert (caps.max_files, caps.max_urls) == (3, 3)
