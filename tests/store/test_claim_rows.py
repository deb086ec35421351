"""A claim stating two things is in two claim groups: the store and the CSV keep both."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from corroborate.model import Analysis, ClaimGroup
from corroborate.report.csv_export import csv_tables
from corroborate.store.rows import story_rows
from corroborate.store.sqlite import CorpusStore
from tests.report.builders import hand_made


def _claim_in_two_groups() -> Analysis:
    analysis = hand_made()
    second = ClaimGroup(id="cg2", claims=("a-one:c1",), status="single_source", outlets=("One News",))
    return analysis.model_copy(update={"claim_groups": (*analysis.claim_groups, second)})


def test_a_claim_in_cg1_and_cg2_keeps_cg1_and_lists_cg2_in_the_store(tmp_path: Path) -> None:
    rows = {row["id"]: row for row in story_rows("s1", _claim_in_two_groups())["claims"]}
    assert rows["a-one:c1"]["claim_group"] == "cg1"
    assert json.loads(rows["a-one:c1"]["other_claim_groups"]) == ["cg2"]
    assert json.loads(rows["b-two:c1"]["other_claim_groups"]) == []
    db = tmp_path / "corpus.db"
    with CorpusStore(db) as store:
        store.save_story("s1", _claim_in_two_groups(), [], "f")
    connection = sqlite3.connect(db)
    found = connection.execute(
        "select c.id from claims c, json_each(c.other_claim_groups) g where g.value = 'cg2' and c.story = 's1'"
    ).fetchall()
    connection.close()
    assert found == [("a-one:c1",)]


def test_a_claim_in_cg1_and_cg2_lists_cg2_in_the_claims_csv() -> None:
    header, rows = csv_tables(_claim_in_two_groups())["claims"]
    by_id = {row[header.index("claim")]: dict(zip(header, row, strict=True)) for row in rows}
    assert (by_id["a-one:c1"]["group"], by_id["a-one:c1"]["other_groups"]) == ("cg1", "cg2")
    assert by_id["b-two:c1"]["other_groups"] == ""
    assert header[-1] == "other_groups"  # added last: readers of the old columns are unaffected


def test_groups_of_claims_lists_cg1_then_cg2_for_a_claim_in_both() -> None:
    held = _claim_in_two_groups().groups_of_claims()
    assert [g.id for g in held["a-one:c1"]] == ["cg1", "cg2"]
    assert [g.id for g in held["b-two:c1"]] == ["cg1"]
