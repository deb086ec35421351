"""Story ids: stable while a story holds its old members (no model needed)."""

from __future__ import annotations

from corroborate.store import plan_stories


def test_new_groups_take_the_clusterers_labels() -> None:
    plan = plan_stories({"a": "s1", "b": "s1", "c": "s2"}, {"a": "ka", "b": "kb", "c": "kc"}, {})
    assert plan == {"s1": ["ka", "kb"], "s2": ["kc"]}


def test_a_grown_story_keeps_its_id() -> None:
    previous = {"old-story": {"ka", "kb"}}
    plan = plan_stories({"a": "x", "b": "x", "d": "x"}, {"a": "ka", "b": "kb", "d": "kd"}, previous)
    assert plan == {"old-story": ["ka", "kb", "kd"]}


def test_a_split_story_keeps_its_id_on_the_larger_part() -> None:
    previous = {"old": {"ka", "kb", "kc"}}
    plan = plan_stories({"a": "x", "b": "x", "c": "y"}, {"a": "ka", "b": "kb", "c": "kc"}, previous)
    assert plan["old"] == ["ka", "kb"]
    assert plan["y"] == ["kc"]


def test_a_label_already_used_by_another_story_is_made_unique() -> None:
    previous = {"x": {"ka"}}
    # "a" moves to a group labelled "y"; a new group is labelled "x" by the clusterer.
    plan = plan_stories({"a": "y", "b": "x"}, {"a": "ka", "b": "kb"}, previous)
    assert plan["x"] == ["ka"]
    (other,) = (story for story in plan if story != "x")
    assert other.startswith("x-") and plan[other] == ["kb"]


def test_ids_do_not_depend_on_order() -> None:
    mapping = {"a": "s1", "b": "s2", "c": "s1"}
    keys = {"a": "ka", "b": "kb", "c": "kc"}
    previous = {"p": {"ka"}, "q": {"kb"}}
    reversed_mapping = dict(reversed(list(mapping.items())))
    assert plan_stories(mapping, keys, previous) == plan_stories(reversed_mapping, keys, previous)
