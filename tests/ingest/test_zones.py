"""Zones: headline, byline, update stamps, standfirst, captions and body, on invented texts."""

from __future__ import annotations

import itertools
import re

import pytest

from corroborate.ingest.frontmatter import split_front_matter
from corroborate.ingest.zones import find_zones, is_address_line, is_dateline, paragraphs, zone_at
from tests.conftest import AURORA, EXAMPLE, require_shared

HEADLINE = "Ferry dock to close for winter"
LEDE = "The ferry dock on Pine Street will close on Monday, the harbour master said."
SECOND = "Boats will use the north landing until April, she added."


def kinds(text: str, **kwargs) -> list[tuple[str, str]]:
    return [(z.kind, text[z.start : z.end]) for z in find_zones(text, **kwargs)]


def join(*paras: str) -> str:
    return "\n\n".join(paras) + "\n"


# --- single rules ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "byline",
    [
        "By Pat Quill",
        "by Pat Quill",
        "By Pat Quill and Lee Marsh",
        "By Pat Quill, Lee Marsh and Jo Fenn",
        "By Pat Quill | Valley Courier",
        "By Pat Quill, Staff Writer",
        "Published 9:30 AM EST",
    ],
)
def test_byline_after_headline(byline):
    text = join(HEADLINE, byline, LEDE)
    assert kinds(text) == [("headline", HEADLINE), ("byline", byline), ("body", LEDE)]


def test_byline_after_body_started_is_not_a_byline():
    text = join(LEDE, "By Pat Quill", SECOND)
    assert kinds(text)[1][0] != "byline"


def test_long_by_paragraph_is_not_a_byline():
    para = "By the time the ferry dock closes, most of the boats will have moved to the north landing for the season."
    assert kinds(join(HEADLINE, para))[1] == ("body", para)


@pytest.mark.parametrize("lede", ["By noon, crews had shut two lanes.", "From the start, the project ran late."])
def test_short_lede_starting_with_by_or_from_is_body(lede):
    text = join(HEADLINE, lede, SECOND)
    assert kinds(text)[1] == ("body", lede)


@pytest.mark.parametrize(
    "stamp",
    [
        "2:51 PM PT -- Officials reopened one lane of the dock road.",
        "10:05 a.m. -- The harbour master issued a new notice.",
        "UPDATE: The dock will now close on Tuesday.",
        "Update -- The dock will now close on Tuesday.",
        "Editor's note: An earlier version misstated the closing date.",
        "Correction: The dock closes on Monday, not Sunday.",
    ],
)
def test_update_stamp(stamp):
    text = join(HEADLINE, LEDE, stamp, SECOND)
    assert ("update", stamp) in kinds(text)


def test_update_stamp_before_body():
    stamp = "2:51 PM PT -- Officials reopened one lane."
    assert kinds(join(HEADLINE, stamp, LEDE))[1] == ("update", stamp)


def test_time_in_a_sentence_is_not_an_update():
    para = "At 2:51 PM the last boat left the dock, a witness said."
    assert ("body", para) in kinds(join(HEADLINE, LEDE, para))


@pytest.mark.parametrize(
    "caption", ["Boats at the Pine Street dock on Monday", "The harbour master, Ann Pike (Photo: Lee Marsh)"]
)
def test_short_paragraph_without_final_stop_after_body_is_a_caption(caption):
    text = join(HEADLINE, LEDE, caption, SECOND)
    assert kinds(text) == [("headline", HEADLINE), ("body", LEDE), ("caption", caption), ("body", SECOND)]


def test_short_paragraph_before_any_body_is_not_a_caption():
    caption = "Boats at the Pine Street dock on Monday"
    text = join(HEADLINE, caption, LEDE)
    assert kinds(text)[1] == ("body", caption)


def test_quoted_fragment_without_final_stop_is_not_a_caption():
    quote = "“We will be back in April”"
    assert ("body", quote) in kinds(join(HEADLINE, LEDE, quote))


def test_long_paragraph_without_final_stop_is_body():
    para = "word " * 70 + "end"
    assert ("body", para) in kinds(join(HEADLINE, LEDE, para))


def test_repeated_paragraph_is_a_caption():
    text = join(HEADLINE, LEDE, SECOND, LEDE)
    assert [k for k, _ in kinds(text)] == ["headline", "body", "body", "caption"]


def test_repeat_ignores_case_and_punctuation():
    repeat = "the ferry dock on Pine Street will close on Monday -- the harbour master said"
    assert kinds(join(LEDE, SECOND, repeat))[2] == ("caption", repeat)


def test_multiline_paragraph_is_body_not_caption():
    para = "Boats at the dock\nphotographed on Monday"
    assert ("body", para) in kinds(join(HEADLINE, LEDE, para))


def test_standfirst_given_by_metadata():
    standfirst = "Boats move to the north landing until spring."
    text = join(HEADLINE, standfirst, LEDE)
    assert kinds(text, standfirst=standfirst) == [("headline", HEADLINE), ("standfirst", standfirst), ("body", LEDE)]


def test_standfirst_matches_ignoring_case_and_punctuation():
    text = join(HEADLINE, "Boats move to the north landing until spring.", LEDE)
    assert kinds(text, standfirst="boats move to the North Landing until spring")[1][0] == "standfirst"


def test_standfirst_not_in_text_changes_nothing():
    text = join(HEADLINE, LEDE, SECOND)
    assert [k for k, _ in kinds(text, standfirst="Something else entirely.")] == ["headline", "body", "body"]


def test_standfirst_only_before_body():
    text = join(LEDE, SECOND)
    assert [k for k, _ in kinds(text, standfirst=SECOND)] == ["body", "body"]


def test_given_title_marks_matching_first_paragraph():
    title = "Ferry Dock to Close for Winter!"
    assert kinds(join(HEADLINE, LEDE), title=title)[0] == ("headline", HEADLINE)


def test_given_title_that_differs_means_no_headline():
    assert kinds(join(HEADLINE, LEDE), title="Another title")[0] == ("body", HEADLINE)


def test_headline_only_at_index_zero():
    text = join(LEDE, HEADLINE)
    assert kinds(text)[0] == ("body", LEDE)
    assert kinds(text)[1][0] != "headline"


def test_empty_and_blank_text_have_no_zones():
    assert find_zones("") == ()
    assert find_zones(" \n\n \t\n") == ()


def test_ferry_dock_lines_without_blank_lines_are_paragraphs():
    # One paragraph per line, as datasets and copied pages give them: the headline is
    # found, and no paragraph (nor a claim's sentence) runs from one line into the next.
    text = "\n".join([HEADLINE, LEDE, SECOND])
    assert kinds(text) == [("headline", HEADLINE), ("body", LEDE), ("body", SECOND)]


def test_hard_wrapped_ferry_dock_paragraph_stays_one_paragraph():
    text = (
        "The ferry dock on Pine Street will close on Monday for the winter,\n"
        "the harbour master said, and boats will use the north landing\n"
        "until the ice has gone in April."
    )
    assert kinds(text) == [("body", text)]


def test_ferry_dock_page_address_line_is_boilerplate_and_the_headline_follows_it():
    address = "http: / / example. com / 2026 / 03 / ferry - dock - to - close /"
    text = "\n".join([address, HEADLINE, LEDE, SECOND])
    assert kinds(text) == [("boilerplate", address), ("headline", HEADLINE), ("body", LEDE), ("body", SECOND)]


@pytest.mark.parametrize(
    "line",
    [
        "http://example.com/2026/03/ferry-dock-to-close/",
        "www.example.com",
        "com / 2026 / 03 / ferry - dock - to - close - 1. html",  # a page address cut at its host
    ],
)
def test_address_lines(line):
    assert is_address_line(line)


@pytest.mark.parametrize(
    "line",
    ["He said 1/2 of the 3/4 were gone.", "The vote was 52/48/0 in favour", "and / or / maybe", HEADLINE],
)
def test_sentences_with_slashes_are_no_address_lines(line):
    assert not is_address_line(line)


def test_ferry_dock_last_updated_stamp_before_the_headline_is_a_byline_and_the_headline_follows_it():
    address = "http: / / example. com / news / ferry - dock - 2611"
    stamp = "3 March 2026 Last updated at 09: 14 GMT"
    text = "\n".join([address, stamp, HEADLINE, LEDE, SECOND])
    assert kinds(text) == [
        ("boilerplate", address), ("byline", stamp), ("headline", HEADLINE), ("body", LEDE), ("body", SECOND),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "line",
    [
        "3 March 2026 Last updated at 09: 14 GMT",
        "POSTED: 03 / 03 / 26, 9: 00 PM PDT |",
        "Published: 2026. 03. 03 09: 01 AM",
        "Updated 5: 40 p. m. ET",
        "on March 3, 2026 at 4: 31 AM, updated March 3, 2026 at 8: 33 AM",
        "Posted March 3rd, 2026 at 5: 19 pm",
    ],
)
def test_date_and_time_stamps_are_datelines(line):
    assert is_dateline(line)


@pytest.mark.parametrize(
    "line", [LEDE, HEADLINE, "The dock closes on March 3, 2026.", "Published in March", "$139.00", "02-751-1500", "10 p.m."]
)
def test_sentences_and_headlines_with_dates_are_no_datelines(line):
    assert not is_dateline(line)


# --- invariants ------------------------------------------------------------------------------

INVARIANT_TEXTS = [
    join(HEADLINE, "By Pat Quill", LEDE, "Boats at the dock on Monday", SECOND, LEDE),
    "  " + HEADLINE + "  \n \n\t" + LEDE + "\n\n\n\n" + SECOND + "   ",
    HEADLINE + "\r\n\r\n" + LEDE + "\r\nA second line.\r\n\r\n" + SECOND + "\r\n",
    LEDE + "\n\u00a0\n" + SECOND,
    "\n\n\n" + LEDE,
    "One paragraph only, without a final stop",
    join("2:51 PM PT -- Officials reopened one lane.", "UPDATE: closed again.", LEDE),
]


@pytest.mark.parametrize("text", INVARIANT_TEXTS)
def test_zones_are_ordered_and_disjoint(text):
    zones = find_zones(text)
    assert zones
    for before, after in itertools.pairwise(zones):
        assert before.end <= after.start
    assert all(0 <= z.start < z.end <= len(text) for z in zones)


@pytest.mark.parametrize("text", INVARIANT_TEXTS)
def test_each_zone_is_one_stripped_paragraph(text):
    zones = find_zones(text)
    expected = [p.strip() for p in re.split(r"\n[ \t\u00a0\r]*\n", text) if p.strip()]
    assert [text[z.start : z.end] for z in zones] == expected
    for z in zones:
        span = text[z.start : z.end]
        assert span == span.strip()


@pytest.mark.parametrize("text", INVARIANT_TEXTS)
def test_paragraphs_and_zones_agree(text):
    assert [(z.start, z.end) for z in find_zones(text)] == list(paragraphs(text))


def test_zones_on_shared_corpus_are_disjoint_stripped_paragraphs():
    folder = require_shared(AURORA)
    for path in sorted(folder.glob("*.txt")):
        text = path.read_text("utf-8")
        zones = find_zones(text)
        assert zones, path
        for before, after in itertools.pairwise(zones):
            assert before.end <= after.start, path
        for z in zones:
            span = text[z.start : z.end]
            assert span and span == span.strip(), path


def test_example_story_body_starts_with_its_title_as_headline():
    path = require_shared(EXAMPLE / "01-valley-courier.txt")
    meta, body = split_front_matter(path.read_text("utf-8"), str(path))
    zones = find_zones(body, title=meta["title"])
    assert zones[0].kind == "headline"
    assert body[zones[0].start : zones[0].end] == meta["title"]
    assert zones[1].kind != "headline"


# --- zone_at ---------------------------------------------------------------------------------


def test_zone_at_finds_the_zone_holding_an_offset():
    text = join(HEADLINE, "By Pat Quill", LEDE)
    zones = find_zones(text)
    assert zone_at(zones, 0) == "headline"
    assert zone_at(zones, text.index("Pat")) == "byline"
    assert zone_at(zones, text.index("harbour")) == "body"


def test_zone_at_outside_every_zone_is_body():
    text = join(HEADLINE, "By Pat Quill", LEDE)
    zones = find_zones(text)
    assert zone_at(zones, len(HEADLINE)) == "body"  # the blank line after the headline
    assert zone_at((), 3) == "body"
