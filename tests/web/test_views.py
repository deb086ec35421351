"""The story page's plain words: speaker labels, the aligned diff of a long quote."""

from __future__ import annotations

from markupsafe import Markup

from corroborate.web.render import templates
from corroborate.web.views import Segment, aligned_diff, merge_people
from tests.store.small import small_analysis


def _person(name: str | None, links: frozenset[str]) -> str:
    macro = templates().from_string('{% from "macros.html.j2" import person with context %}{{ person(name) }}')
    return macro.render(name=name, people_links=links).strip()


def test_a_named_person_links_and_an_unnamed_speaker_reads_as_the_report_labels_them() -> None:
    links = frozenset({"Barack Obama"})
    assert _person("Barack Obama", links) == '<a href="/people/Barack%20Obama">Barack Obama</a>'
    assert _person("an unnamed spokesperson", links) == "an unnamed spokesperson"
    assert _person(None, links) == "an unnamed speaker"


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


def test_a_bidi_override_is_made_visible_in_text_and_in_markup_without_escaping_twice() -> None:
    page = templates().from_string("{{ text }}|{{ markup }}")
    shown = page.render(text="a\u202eb<i>", markup=Markup("<b>c\u202e</b>"))
    assert shown == "a\ufffdb&lt;i&gt;|<b>c\ufffd</b>"
