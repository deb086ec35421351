"""Which claims a named party's denial carries, on hand-written sentences."""

from __future__ import annotations

from corroborate.align.claim_denials import denied_claims
from corroborate.model import Claim, Quote, Speaker, TextSpan


def _denial(text: str, cue: str, clause: str) -> tuple[Claim, Quote]:
    start, at = text.index(clause), text.index(cue)
    claim = Claim(id="a:c1", article="a", text=clause, start=start, end=start + len(clause), rule="test")
    quote = Quote(
        id="a:q1", article="a", kind="indirect", text=clause, start=start, end=start + len(clause), zone="body",
        speaker=Speaker(entity="e1", name="Hal Lisle"), cue=TextSpan(start=at, end=at + len(cue), text=cue),
        rule="test", confidence=0.85,
    )  # fmt: skip
    return claim, quote


def test_lisle_denied_that_the_money_left_the_accounts_disputes_it() -> None:
    text = "Mr. Lisle denied that the money left the county accounts."
    claim, quote = _denial(text, "denied", "the money left the county accounts")
    assert denied_claims([claim], [quote], {"a": text}) == {0: "e1"}


def test_he_has_never_disputed_that_the_money_left_the_accounts_disputes_nothing() -> None:
    for text in (
        "He has never disputed that the money left the county accounts.",
        "He did not deny that the money left the county accounts.",
        "He hasn't publicly disputed that the money left the county accounts.",
    ):
        cue = next(word for word in ("disputed", "deny") if f" {word} " in text)
        claim, quote = _denial(text, cue, "the money left the county accounts")
        assert denied_claims([claim], [quote], {"a": text}) == {}, text
