"""A group of two outlets takes the third outlet's version of its claim as a second
membership (`claim_memberships.complete_groups`), on hand-written claims and chances."""

from __future__ import annotations

from corroborate.align.claim_memberships import complete_groups
from corroborate.model import Claim

TEXTS = [
    ("a", "On March 4, the trooper was ordered off patrol and assigned to a desk."),
    ("b", "Ms. Galvan was taken off the road on March 4 and given a desk job."),
    ("c", "In March, she was stripped of her patrol duties and put behind a desk."),
    ("c", "The agency said the transfer was routine."),
    ("a", "The agency called the move a routine staffing decision."),
    ("c", "The memo went to 140 troopers."),
    ("b", "The memo reached about 140 troopers, the agency said."),
]
# The fitted chances the grouping would give (pairs by index, the smaller first); the
# pairs listed were compared.
CHANCES = {
    (0, 1): 0.9, (0, 2): 0.3, (1, 2): 0.4, (0, 3): 0.05, (1, 3): 0.1, (2, 4): 0.1, (3, 4): 0.8,
    (0, 5): 0.3, (1, 5): 0.28, (2, 6): 0.1, (4, 6): 0.2, (0, 6): 0.1, (4, 5): 0.5, (5, 6): 0.9,
}  # fmt: skip


def _claims() -> list[Claim]:
    return [
        Claim(
            id=f"{article}:c{n}", article=article, text=text, start=n * 100, end=n * 100 + len(text), rule="test", confidence=1.0
        )
        for n, (article, text) in enumerate(TEXTS)
    ]


def _completed(
    groups: list[set[int]], compared: set[tuple[int, int]] | None = None, changes: dict[tuple[int, int], float] | None = None
) -> list[set[int]]:
    chances = {**CHANCES, **(changes or {})}
    complete_groups(
        groups,
        _claims(),
        [False] * len(TEXTS),
        lambda a, b: chances.get((a, b), 0.0),
        set(CHANCES) if compared is None else compared,
        0.25,
    )
    return groups


def test_stripped_of_her_patrol_duties_joins_the_two_outlets_ordered_off_patrol() -> None:
    # The third outlet's version joins and stays in its own group too.
    assert _completed([{0, 1}, {2}, {3}]) == [{0, 1, 2}, {2}, {3}]


def test_of_an_article_only_its_likeliest_claim_joins() -> None:
    # "The memo went to 140 troopers" is likely enough too (0.29 on average), less than
    # "stripped of her patrol duties" (0.35).
    assert _completed([{0, 1}, {2}, {5}]) == [{0, 1, 2}, {2}, {5}]


def test_a_claim_joins_only_the_group_it_most_likely_states() -> None:
    # The memo's claim is likelier in the memo's group (0.7) than in the patrol's (0.29):
    # it joins there, and the patrol's group takes no claim of its article.
    without_stripped = set(CHANCES) - {(0, 2), (1, 2)}
    assert _completed([{0, 1}, {4, 6}, {5}], without_stripped) == [{0, 1}, {4, 5, 6}, {5}]


def test_unlikely_or_uncompared_claims_stay_out() -> None:
    patrol = {(0, 1), (0, 2), (1, 2)}
    assert _completed([{0, 1}, {2}], patrol, {(0, 2): 0.1, (1, 2): 0.2}) == [{0, 1}, {2}]  # 0.15 on average
    assert _completed([{0, 1}, {2}], patrol - {(0, 2)}) == [{0, 1}, {2}]  # never compared with a's


def test_a_claim_already_in_a_group_as_wide_stays_there() -> None:
    # "stripped of her patrol duties" already stands with two other outlets' claims: it
    # may well belong there, however likely here.
    changes = {(0, 2): 0.8, (1, 2): 0.9}
    assert _completed([{0, 1}, {2, 4, 6}, {5}], set(CHANCES) - {(0, 5)}, changes) == [{0, 1}, {2, 4, 6}, {5}]
    assert _completed([{0, 1}, {2, 4}, {5}], set(CHANCES) - {(0, 5)}, changes) == [{0, 1, 2}, {2, 4}, {5}]


def test_some_234_miles_of_wall_stays_with_the_234_miles_it_agrees_with() -> None:
    """Two groups each lacking one article: neither claim completes the other's group when
    its figure agrees with its own group's and not with that group's."""
    from corroborate.nlp.quantities import find_quantities

    texts = [
        ("f", "The package, as it stands, is enough to build just 40 miles of barrier."),
        ("n", "Instead, it provided $1.1 billion for about 40 miles of fencing."),
        ("h", "That will buy the administration some 190 miles of border wall."),
        ("n", "The bill included none of the $4.2 billion the president wanted for 190 miles of steel wall."),
    ]
    claims = [
        claim.model_copy(update={"quantities": tuple(find_quantities(claim.text))})
        for claim in (
            Claim(id=f"{a}:c{n}", article=a, text=t, start=n * 100, end=n * 100 + len(t), rule="test", confidence=1.0)
            for n, (a, t) in enumerate(texts)
        )
    ]
    chances = {(0, 1): 0.9, (2, 3): 0.9, (0, 2): 0.6, (1, 2): 0.3, (0, 3): 0.3}
    groups = [{0, 1}, {2, 3}]
    complete_groups(groups, claims, [False] * 4, lambda a, b: chances.get((a, b), 0.0), set(chances), 0.25)
    assert groups == [{0, 1}, {2, 3}]
    alone = [{0, 1}, {2}, {3}]  # with no figure of its own group to agree with, it may join
    complete_groups(alone, claims, [False] * 4, lambda a, b: chances.get((a, b), 0.0), set(chances), 0.25)
    assert alone == [{0, 1, 2}, {2}, {3}]
