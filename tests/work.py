"""Deterministic measures of work, for tests that guard complexity without a clock.

A timed assertion fails on a loaded machine and passes a quadratic path on a fast one;
these count what the code does instead:

- `lines_run`: lines of the project's own Python executed (`sys.settrace`), so a scan
  of every record for every record shows however fast the machine is;
- `ScannedText` and `CountingPattern`: characters a string method or a compiled
  pattern was asked to look at (the window of each call), for code whose loops run
  in C (`str.rfind`, `re.finditer`);
- `parsed_texts`: every text the spaCy pipeline tokenizes (so parses);
- `assert_linear`: the counted work at sizes n and 4n, which must grow about 4 times,
  not 16 times.

Work inside one regular expression's engine (backtracking) is not countable from
Python: the tests that guard it check the pattern's anchoring instead, and
benchmarks/limits.py times the megabyte cases.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import pytest

_PACKAGE = "/corroborate/"


def lines_run(call: Callable[[], Any]) -> tuple[Any, int]:
    """`call()`'s result and the number of lines of corroborate's own code it executed."""
    count = 0

    def local(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def calls(frame: FrameType, event: str, arg: object) -> Any:
        return local if _PACKAGE in frame.f_code.co_filename else None

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        result = call()
    finally:
        sys.settrace(previous)
    return result, count


def parsed_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the pipeline `analyze_articles` loads will tokenize, hence parse, from now on
    in the test (its tokenizer sees every text `nlp()` and `nlp.pipe()` are given)."""
    from corroborate.nlp.pipeline import load_pipeline
    from corroborate.settings import Settings

    nlp = load_pipeline(Settings().model_names)  # cached: the very pipeline the analysis uses
    texts: list[str] = []
    tokenizer = nlp.tokenizer

    def recording(text: str) -> Any:
        texts.append(text)
        return tokenizer(text)

    monkeypatch.setattr(nlp, "tokenizer", recording)
    return texts


def assert_linear(work: Callable[[int], int], n: int, slack: float = 1.25) -> tuple[int, int]:
    """The counted work at sizes n and 4n; fails when it grows more than `slack` times
    linearly (a quadratic path grows 16 times). Returns both counts."""
    small, large = work(n), work(4 * n)
    assert small > 0, "nothing was counted: the measure does not see the work"
    assert large <= 4 * slack * small, f"work grew {large / small:.1f} times from n={n} to 4n (linear: 4)"
    return small, large


class ScannedText(str):
    """A str that counts the characters its find/rfind/index/rindex/count calls look at:
    from where the search starts to where it stops (the hit, or the window's other end)."""

    scanned: int

    def __new__(cls, value: str) -> ScannedText:
        text = super().__new__(cls, value)
        text.scanned = 0
        return text

    def _looked(self, start: Any, end: Any, found: int, backwards: bool = False) -> int:
        low, high, _ = slice(start, end).indices(len(self))
        if found == -1:
            self.scanned += max(0, high - low)
        else:
            self.scanned += high - found if backwards else found - low + 1
        return found

    def find(self, sub: str, start: Any = None, end: Any = None) -> int:
        return self._looked(start, end, super().find(sub, start, end))

    def rfind(self, sub: str, start: Any = None, end: Any = None) -> int:
        return self._looked(start, end, super().rfind(sub, start, end), backwards=True)

    def index(self, sub: str, start: Any = None, end: Any = None) -> int:
        return self._looked(start, end, super().index(sub, start, end))

    def rindex(self, sub: str, start: Any = None, end: Any = None) -> int:
        return self._looked(start, end, super().rindex(sub, start, end), backwards=True)

    def count(self, sub: str, start: Any = None, end: Any = None) -> int:
        low, high, _ = slice(start, end).indices(len(self))
        self.scanned += max(0, high - low)
        return super().count(sub, start, end)


class CountingPattern:
    """A compiled pattern that counts the characters each call scans: to the end of its
    match for `search` and `match`, the whole window (`endpos - pos`) otherwise; one
    `scanned` list may be shared by several patterns."""

    def __init__(self, pattern: re.Pattern[str], scanned: list[int] | None = None) -> None:
        self.pattern = pattern
        self.scanned = scanned if scanned is not None else [0]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pattern, name)

    def _window(self, text: str, pos: int, endpos: int | None) -> int:
        high = len(text) if endpos is None else min(endpos, len(text))
        return max(0, high - pos)

    def _one(self, found: re.Match[str] | None, text: str, pos: int, endpos: int | None) -> re.Match[str] | None:
        self.scanned[0] += found.end() - pos + 1 if found else self._window(text, pos, endpos)
        return found

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        return self._one(self.pattern.search(text, pos, sys.maxsize if endpos is None else endpos), text, pos, endpos)

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        return self._one(self.pattern.match(text, pos, sys.maxsize if endpos is None else endpos), text, pos, endpos)

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[re.Match[str]]:
        self.scanned[0] += self._window(text, pos, endpos)
        return self.pattern.finditer(text, pos, sys.maxsize if endpos is None else endpos)

    def findall(self, text: str, pos: int = 0, endpos: int | None = None) -> list[Any]:
        self.scanned[0] += self._window(text, pos, endpos)
        return self.pattern.findall(text, pos, sys.maxsize if endpos is None else endpos)
