"""The story page's plain words: speaker labels, the aligned diff of a long quote."""

from __future__ import annotations

from corroborate.web.views import Segment, aligned_diff, merge_people, speaker_text
from tests.store.small import small_analysis


def test_unnamed_a_spokesperson_reads_an_unnamed_spokesperson() -> None:
    assert speaker_text("unnamed: A spokesperson") == "an unnamed spokesperson"
    assert speaker_text("unknown") == "an unnamed speaker"
    assert speaker_text("Barack Obama") == "Barack Obama"


def test_long_quote_changed_in_the_middle_keeps_context_and_cuts_the_rest() -> None:
    old = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen"
    new = "one two three four five six seven eight nine zero eleven twelve thirteen fourteen fifteen sixteen seventeen"
    segments = aligned_diff(old, new, context=3)
    assert segments == [
        Segment("gap"),
        Segment("same", "seven eight nine"),
        Segment("change", "ten", "zero"),
        Segment("same", "eleven twelve thirteen"),
        Segment("gap"),
    ]


def test_quote_with_only_punctuation_changed_has_no_change() -> None:
    assert all(s.kind != "change" for s in aligned_diff("We will rebuild, he said.", "We will rebuild he said"))


def test_merge_people_of_a_story_with_a_place_and_a_newspaper() -> None:
    assert merge_people(small_analysis()) == ["Barack Obama", "Maria Lopez"]
