"""The one speaker label every report view uses."""

from __future__ import annotations

from corroborate.model import Quote, Speaker, TextSpan
from corroborate.report.labels import speaker_label


def _quote(**speaker: object) -> Quote:
    return Quote(
        id="q1",
        article="a",
        kind="direct",
        text="x",
        start=0,
        end=1,
        zone="body",
        speaker=Speaker(**speaker),
        rule="t",
        confidence=1.0,
    )


def test_the_entity_name_wins_when_names_are_given() -> None:
    quote = _quote(entity="e1", name="Lee")
    assert speaker_label(quote, {"e1": "Ann Lee"}) == "Ann Lee"
    assert speaker_label(quote, {"e2": "Bo Ray"}) == "Lee"
    assert speaker_label(quote) == "Lee"


def test_the_mention_follows_in_parentheses_when_it_differs() -> None:
    quote = _quote(name="Ann Lee", mention=TextSpan(start=0, end=9, text="the mayor"))
    assert speaker_label(quote, mention=True) == "Ann Lee (the mayor)"
    assert speaker_label(quote) == "Ann Lee"
    same = _quote(name="Ann Lee", mention=TextSpan(start=0, end=7, text="ann lee"))
    assert speaker_label(same, mention=True) == "Ann Lee"


def test_an_unnamed_speaker_is_described_or_unknown() -> None:
    assert speaker_label(_quote(description="a spokesperson"), {"e1": "Ann Lee"}) == "an unnamed spokesperson"
    assert speaker_label(_quote(), mention=True) == "an unnamed speaker"


def test_fellow_republicans_are_unnamed_without_an_article() -> None:
    """A description of several people takes no "an" ("an unnamed fellow Republicans")."""
    assert speaker_label(_quote(description="fellow Republicans")) == "unnamed fellow Republicans"
    assert speaker_label(_quote(description="officials familiar with the talks")) == "unnamed officials familiar with the talks"
    assert speaker_label(_quote(description="the police")) == "unnamed police"
    assert (
        speaker_label(_quote(description="a spokesperson for the harbour board"))
        == "an unnamed spokesperson for the harbour board"
    )
    assert speaker_label(_quote(description="an aide to the mayor")) == "an unnamed aide to the mayor"
    assert speaker_label(_quote(description="a witness")) == "an unnamed witness"
    assert speaker_label(_quote(description="women at the pier")) == "unnamed women at the pier"


def test_an_owned_description_names_its_owner() -> None:
    """ "His office said" read "an unnamed His office"; it is Mr. Ibarra's office."""
    assert speaker_label(_quote(description="His office", represents="Carlos Ibarra")) == "Carlos Ibarra's office"
    assert speaker_label(_quote(description="Ibarra's office")) == "Ibarra's office"
    assert speaker_label(_quote(description="The harbour master's aides")) == "the harbour master's aides"
    assert speaker_label(_quote(description="her lawyers")) == "unnamed lawyers"
    assert speaker_label(_quote(description="His office")) == "an unnamed office"
