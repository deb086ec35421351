"""Story clustering rules on small invented articles."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from corroborate.errors import UsageError
from corroborate.scale import cluster_articles, near_duplicates, story_groups_warning, story_id
from corroborate.scale.linkage import average_link_labels
from tests.scale.stories import BUDGET, FIRE, article, budget_articles, fire_articles


def _together(mapping: dict[str, str], ids: list[str]) -> bool:
    return len({mapping[i] for i in ids}) == 1


def test_two_unrelated_stories_are_separated_and_each_kept_whole() -> None:
    mapping = cluster_articles(fire_articles() + budget_articles())
    fire, budget = ["fire-1", "fire-2", "fire-3"], ["budget-1", "budget-2", "budget-3"]
    assert _together(mapping, fire)
    assert _together(mapping, budget)
    assert mapping["fire-1"] != mapping["budget-1"]


def test_story_ids_are_stable_and_named_after_the_smallest_member() -> None:
    mapping = cluster_articles(fire_articles())
    assert set(mapping.values()) == {story_id(["fire-1", "fire-2", "fire-3"])}
    assert re.fullmatch(r"story-[0-9a-f]{10}", mapping["fire-1"])


def test_shuffled_input_gives_the_same_mapping() -> None:
    articles = fire_articles() + budget_articles() + [article("copy", FIRE[0] + " Updated at noon.")]
    expected = cluster_articles(articles)
    for seed in range(3):
        shuffled = articles[:]
        random.Random(seed).shuffle(shuffled)
        assert cluster_articles(shuffled) == expected


def test_near_duplicates_grouped_and_kept_in_one_story() -> None:
    syndicated = FIRE[0].replace("forty residents", "about forty residents") + " The warehouse owner declined to comment."
    articles = [*fire_articles(), article("wire-copy", syndicated), *budget_articles()]
    duplicates = near_duplicates(articles)
    assert duplicates["wire-copy"] == "fire-1"
    assert duplicates["fire-2"] == "fire-2"  # same story, own words: not a copy
    assert duplicates["budget-1"] == "budget-1"
    assert cluster_articles(articles)["wire-copy"] == cluster_articles(articles)["fire-1"]


def test_a_short_excerpt_inside_a_long_roundup_is_not_a_copy() -> None:
    roundup = " ".join(FIRE + BUDGET)
    duplicates = near_duplicates([article("roundup", roundup), article("fire-1", FIRE[0])])
    assert duplicates == {"roundup": "roundup", "fire-1": "fire-1"}


def test_bridge_article_does_not_chain_two_stories() -> None:
    bridge = article("bridge", FIRE[0] + " " + BUDGET[0])
    mapping = cluster_articles([*fire_articles(), *budget_articles(), bridge])
    assert mapping["fire-1"] != mapping["budget-1"]
    assert _together(mapping, ["fire-1", "fire-2", "fire-3"])
    assert _together(mapping, ["budget-1", "budget-2", "budget-3"])


def test_average_link_keeps_a_bridge_from_joining_two_groups() -> None:
    # 0-2 and 3-5 are tight groups; 6 resembles every item at 0.5. Single-link at
    # 0.22 would make one cluster; the mean across {0,1,2,6} and {3,4,5} is 0.125.
    pairs = [(a, b, 0.9) for group in ((0, 1, 2), (3, 4, 5)) for i, a in enumerate(group) for b in group[i + 1 :]]
    pairs += [(i, 6, 0.5) for i in range(6)]
    rows, cols, sims = (np.array(values) for values in zip(*pairs, strict=True))
    labels = average_link_labels([1] * 7, rows, cols, sims, threshold=0.22, small_threshold=None)
    assert labels[0] == labels[1] == labels[2]
    assert labels[3] == labels[4] == labels[5]
    assert labels[0] != labels[3]


def test_date_window_separates_the_same_story_told_far_apart() -> None:
    early = article("early", FIRE[0], published="2026-03-01")
    late = article("late", FIRE[1], published="2026-04-20T09:00:00+00:00")
    undated = article("undated", FIRE[2])
    mapping = cluster_articles([early, late, undated])
    assert mapping["early"] != mapping["late"]
    assert (
        cluster_articles([early, late], date_window_days=60)["early"]
        == cluster_articles([early, late], date_window_days=60)["late"]
    )


def test_an_unparseable_date_counts_as_unknown() -> None:
    mapping = cluster_articles([article("a", FIRE[0], published="last Tuesday"), article("b", FIRE[1], "2026-03-01")])
    assert mapping["a"] == mapping["b"]


def test_empty_and_single_inputs() -> None:
    assert cluster_articles([]) == {}
    assert near_duplicates([]) == {}
    assert cluster_articles([article("only", FIRE[0])]) == {"only": story_id(["only"])}
    assert story_groups_warning([]) is None


def test_articles_without_words_stay_alone() -> None:
    mapping = cluster_articles([article("blank", "   "), article("dots", "... !!!"), *fire_articles()])
    assert mapping["blank"] != mapping["dots"]
    assert mapping["blank"] != mapping["fire-1"]


def test_duplicate_ids_and_negative_window_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="fire-1"):
        cluster_articles([*fire_articles(), article("fire-1", BUDGET[0])])
    with pytest.raises(UsageError, match="window"):
        cluster_articles(fire_articles(), date_window_days=-1)


def test_story_groups_warning_on_mixed_inputs_only() -> None:
    assert story_groups_warning(fire_articles()) is None
    assert story_groups_warning(budget_articles()) is None
    groups = story_groups_warning(fire_articles() + budget_articles())
    assert groups == [["budget-1", "budget-2", "budget-3"], ["fire-1", "fire-2", "fire-3"]]


def test_near_duplicates_respect_the_date_window_when_asked() -> None:
    first = article("first", FIRE[0], published="2026-03-01")
    reprint = article("reprint", FIRE[0] + " Republished from the archive.", published="2026-06-01")
    assert near_duplicates([first, reprint]) == {"first": "first", "reprint": "first"}
    assert near_duplicates([first, reprint], date_window_days=7) == {"first": "first", "reprint": "reprint"}
