"""Captions on web pages: only a short line standing alone, or a repeat, is a caption."""

from __future__ import annotations

from corroborate.ingest.zones import find_zones

LEDE = "The ferry dock on Pine Street closed on Monday after inspectors found rot in three of the pilings."
BODY = "The dock handles roughly two thousand passengers a day, and the closure left commuters waiting for an hour."


def _kinds(paras: list[str]) -> list[str]:
    return [zone.kind for zone in find_zones("\n\n".join(paras), title=None)]


def test_short_line_standing_alone_is_a_caption():
    assert _kinds([LEDE, "Commuters wait at the north landing on Monday", BODY]) == ["body", "caption", "body"]


def test_two_photo_captions_together_are_captions():
    paras = [LEDE, "Commuters wait at the north landing on Monday", "The rotten pilings seen from the water", BODY]
    assert _kinds(paras) == ["body", "caption", "caption", "body"]


def test_repeat_of_a_body_paragraph_is_a_caption():
    assert _kinds([LEDE, BODY, BODY]) == ["body", "body", "caption"]


def test_schedule_lines_beside_each_other_are_body():
    dates = ["March 3 – Portsmouth @ Harbour Hall", "March 5 – Bristol @ Dockside Arena", "March 9 – Hull @ Pier Theatre"]
    assert _kinds([LEDE, *dates, BODY]) == ["body", "body", "body", "body", "body"]


def test_list_item_standing_alone_is_body():
    assert _kinds([LEDE, "- Ferries run every twenty minutes at the south landing", BODY]) == ["body", "body", "body"]
    assert _kinds([LEDE, "3. Check the timetable before you travel", BODY]) == ["body", "body", "body"]
