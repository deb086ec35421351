"""Claims in more than one group. Average-link gives each claim one group, but one
sentence often states two claims: a sentence of the body (its lede too) joins a second
group whose claim it states too (`add_second_memberships`), and the outlets' ledes,
which state the story's gist besides their details, make a group of their own when
they state one event (`lede_groups`); so does one telling figure two or more outlets
give, each in a sentence that states something else too (`figure_groups`); a claim
left alone joins its one sure partner in another article (`lone_pairs`), or the group
of other articles it likely states too (`attach_lone`)."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Sequence

from corroborate.align.claim_features import same_subject
from corroborate.align.figure_pairs import figures_agree
from corroborate.model import Claim

# The ledes of this many outlets, linked and of one class of event, make the story's
# main event a group of its own (`lede_groups`); two outlets' ledes often state two
# different claims of one story.
MIN_LEDE_OUTLETS = 3
# A claim left alone joins the claims of this many articles (its own included) it and
# they are all firmly linked with (`lone_cliques`): with two, one outlet's two claims
# join as often as one claim's versions (benchmarks/README.md, trials).
MIN_CLIQUE_ARTICLES = 3
# Claims of this many articles giving one figure make a group of their own (`figure_groups`).
MIN_FIGURE_ARTICLES = 2


def add_second_memberships(
    groups: list[set[int]],
    linked: dict[tuple[int, int], float],
    claims: Sequence[Claim],
    restating: Sequence[bool],
) -> None:
    """Add a claim to a second group (in place) when it states that group's claim as
    well: a firm rule (`linked`) links it to every member of a group carried by two or
    more other outlets. One sentence often states two things ("the impasse closed
    agencies for 35 days and left 800,000 workers without pay"), and average-link
    gives it one group. An article's lede is such a sentence as often as any ("Voss,
    who settled the suit with public money, quit the board"): which of its claims
    average-link gives it first turns on a step in the word weights, so it joins the
    other too. Headlines and standfirsts restate the lede's gist and join no detail's
    group this way. Of one article, the claim linked most strongly joins."""
    neighbours: dict[int, set[int]] = defaultdict(set)
    for a, b in linked:
        neighbours[a].add(b)
        neighbours[b].add(a)
    eligible = {i for i in range(len(claims)) if not restating[i]}
    additions: list[tuple[set[int], int]] = []
    for members in groups:
        outlets = {claims[i].article for i in members}
        if len(outlets) < 2:
            continue
        linked_to_all = {
            x for x in set.intersection(*(neighbours[i] for i in members)) & eligible if claims[x].article not in outlets
        }
        best: dict[str, int] = {}  # article -> its claim linked most strongly
        for x in sorted(linked_to_all, key=lambda x: (-math.fsum(linked[min(x, i), max(x, i)] for i in members), x)):
            best.setdefault(claims[x].article, x)
        additions.extend((members, x) for x in best.values())
    for members, x in additions:
        members.add(x)


def ledes_of(claims: Sequence[Claim], restating: Sequence[bool]) -> set[int]:
    """Each article's lede: its first claim outside the headline and standfirst."""
    lede: dict[str, int] = {}
    for i in sorted(range(len(claims)), key=lambda i: (claims[i].start, i)):
        if not restating[i]:
            lede.setdefault(claims[i].article, i)
    return set(lede.values())


def lede_groups(
    groups: list[set[int]],
    linked: Collection[tuple[int, int]],
    claims: Sequence[Claim],
    events: Sequence[str | None],
    ledes: Collection[int],
) -> list[set[int]]:
    """The story's main event as a group of its own: the ledes (each article's first
    body claim) of MIN_LEDE_OUTLETS or more outlets that state one class of event by
    one party and that rules link pair by pair. A lede states the story's gist besides
    the details it carries, so average-link, which gives it one group, often joins it
    to one detail ("the mayor, who settled the suit with public money, resigned on
    Friday" joins the settlement) and not to the other outlets' ledes. Each lede
    keeps its own group too; ledes in one group already make no new one."""
    ledes = set(ledes)
    # Ledes linked by a rule and stating one class of event (read off the links, so
    # the work grows with them, not with the square of a large story's articles).
    neighbours: dict[int, set[int]] = defaultdict(set)
    for a, b in linked:
        if a in ledes and b in ledes and events[a] is not None and events[a] == events[b]:
            neighbours[a].add(b)
            neighbours[b].add(a)
    found = []
    used: set[int] = set()
    # Cliques grown greedily, each from the best-linked lede left; two ledes naming two
    # parties acting are two events (a lede whose subject was not found differs from none).
    for seed in sorted(neighbours, key=lambda i: (-len(neighbours[i]), i)):
        if seed in used or len(neighbours[seed]) + 1 < MIN_LEDE_OUTLETS:
            continue
        clique = [seed]
        for i in sorted(neighbours[seed] - used, key=lambda i: (-len(neighbours[i]), i)):
            if all(j in neighbours[i] and same_subject(claims[i], claims[j]) is not False for j in clique):
                clique.append(i)
        if len(clique) < MIN_LEDE_OUTLETS:
            continue
        members = set(clique)
        used |= members
        if not any(members <= group for group in groups):
            found.append(members)
    return found


def lone_cliques(
    groups: list[set[int]],
    firm: dict[tuple[int, int], float],
    claims: Sequence[Claim],
    restating: Sequence[bool],
) -> None:
    """A claim average-link left alone joins (in place) the claims of other articles it
    and they are all firmly linked with, one an article: a group of its own, the others
    keeping their groups too. One sentence of each outlet often states two claims ("The
    flooding has killed 12 people and damaged more than 6,000 homes"), and average-link
    gives it the group of one; the outlet that states the other claim alone ("The
    flooding has killed at least 17 people") is then left alone though every outlet
    states it. Only a clique of MIN_CLIQUE_ARTICLES articles or more."""
    neighbours = _across_articles(firm, claims)
    for members in groups:
        if len(members) != 1:
            continue
        [seed] = members
        if restating[seed] or not neighbours[seed]:
            continue
        clique, articles = [seed], {claims[seed].article}

        def strength(i: int, clique: list[int] = clique) -> float:
            return math.fsum(firm.get((min(i, j), max(i, j)), 0.0) for j in clique)

        for i in sorted(neighbours[seed], key=lambda i: (-strength(i), i)):
            if claims[i].article not in articles and not restating[i] and all(j in neighbours[i] for j in clique):
                clique.append(i)
                articles.add(claims[i].article)
        if len(articles) >= MIN_CLIQUE_ARTICLES:
            members.update(clique)


def lone_pairs(
    groups: list[set[int]],
    firm: dict[tuple[int, int], float],
    claims: Sequence[Claim],
    restating: Sequence[bool],
    chance: Callable[[int, int], float],
    threshold: float,
) -> None:
    """A claim average-link left alone joins (in place) the one claim of another article
    it is firmly linked with whose fitted `chance` of stating the same reaches
    `threshold`, the partner keeping its own group too: a group of two. One outlet's
    sentence states two things ("The inventory, released Monday by the records office,
    lists 2,314 messages"), average-link gives it the group of the one, and the other
    outlet's sentence stating the other ("The inventory lists 1,862 emails") is left
    alone, its conflict unseen. `lone_cliques` asks three articles; two only on a
    chance this high, and only when one partner reaches it."""
    neighbours = _across_articles(firm, claims)
    for members in groups:
        if len(members) != 1:
            continue
        [seed] = members
        if restating[seed]:
            continue
        partners = [
            other
            for other in neighbours[seed]
            if not restating[other] and chance(min(seed, other), max(seed, other)) >= threshold
        ]
        if len(partners) == 1:
            members.add(partners[0])


def _across_articles(firm: Collection[tuple[int, int]], claims: Sequence[Claim]) -> dict[int, set[int]]:
    """Each claim's firmly linked claims of other articles."""
    neighbours: dict[int, set[int]] = defaultdict(set)
    for a, b in firm:
        if claims[a].article != claims[b].article:
            neighbours[a].add(b)
            neighbours[b].add(a)
    return neighbours


def figure_groups(
    groups: list[set[int]],
    figure_links: Collection[tuple[int, int]],
    claims: Sequence[Claim],
    restating: Sequence[bool],
    min_articles: int = MIN_FIGURE_ARTICLES,
) -> list[set[int]]:
    """One figure as each outlet gives it, as a group of its own: claims of
    `min_articles` or more articles, one an article, that give one telling figure of
    one kind pair by pair (`figure_links`: "burned 14,212 acres and forced 9,000 from
    their homes" / "scorched more than 14,000 acres before crews contained it" / "went
    on to burn roughly 14,200 acres"). A sentence often states two figures, and
    average-link gives it the group of one; each keeps its own group too. Figures
    already in one group make no new one."""
    neighbours: dict[int, set[int]] = defaultdict(set)
    for a, b in figure_links:
        if claims[a].article != claims[b].article and not restating[a] and not restating[b]:
            neighbours[a].add(b)
            neighbours[b].add(a)
    found: list[set[int]] = []
    used: set[tuple[int, int]] = set()
    for seed in sorted(neighbours, key=lambda i: (-len(neighbours[i]), i)):
        clique, articles = [seed], {claims[seed].article}
        # (an article giving the figure in two claims: which of them states it, unknown)
        of_article = Counter(claims[i].article for i in neighbours[seed])
        for i in sorted(neighbours[seed], key=lambda i: (-len(neighbours[i]), i)):
            if of_article[claims[i].article] > 1:
                continue
            if claims[i].article not in articles and all(j in neighbours[i] for j in clique):
                clique.append(i)
                articles.add(claims[i].article)
        pairs = {(min(a, b), max(a, b)) for a in clique for b in clique if a != b}
        if len(articles) < min_articles or pairs <= used:
            continue
        used |= pairs
        members = set(clique)
        if not any(members <= group for group in [*groups, *found]):
            found.append(members)
    return found


def _partners(compared: Collection[tuple[int, int]], of: Collection[int] | None = None) -> dict[int, set[int]]:
    """Each claim's partners among the compared pairs (only those of the claims `of`, when given)."""
    partners: dict[int, set[int]] = defaultdict(set)
    for a, b in compared:
        if of is None or a in of:
            partners[a].add(b)
        if of is None or b in of:
            partners[b].add(a)
    return partners


def attach_lone(
    groups: list[set[int]],
    claims: Sequence[Claim],
    restating: Sequence[bool],
    chance: Callable[[int, int], float],
    compared: Collection[tuple[int, int]],
    mean_chance: float,
    best_chance: float,
) -> None:
    """A claim left alone joins (in place) the one group of two or more other articles,
    none its own, that it was compared with claim by claim (`compared`: the candidate
    pairs across articles, each sharing a telling word and not two parties' acts) and
    whose fitted `chance` of stating the same reaches `mean_chance` on average over the
    group and `best_chance` with one claim: the third outlet's version of what two others
    state, worded too differently for the alignment to take it one pair at a time ("more
    than 300,000 borrowers would have been affected" / "roughly 312,000 borrowers ...
    would have had their loans moved"). A group takes at most one claim of an article
    this way, the likeliest. The work grows with the compared pairs, not the groups."""
    where = {i: n for n, members in enumerate(groups) for i in members}
    seeds = {next(iter(members)) for members in groups if len(members) == 1}
    seeds = {seed for seed in seeds if not restating[seed]}
    partners = _partners(compared, seeds)
    chosen: dict[tuple[int, str], tuple[float, int]] = {}  # (group, article) -> (mean, claim)
    for seed in sorted(partners):
        best: tuple[float, int] | None = None
        for number in sorted({where[i] for i in partners[seed] if i in where}):
            group = groups[number]
            articles = {claims[i].article for i in group}
            if len(articles) < 2 or claims[seed].article in articles or not group <= partners[seed]:
                continue
            chances = [chance(min(seed, i), max(seed, i)) for i in group]
            mean = math.fsum(chances) / len(chances)
            if mean >= mean_chance and max(chances) >= best_chance and (best is None or mean > best[0]):
                best = (mean, number)
        if best is not None:
            key = (best[1], claims[seed].article)
            if key not in chosen or chosen[key][0] < best[0]:
                chosen[key] = (best[0], seed)
    for (number, _), (_, seed) in chosen.items():
        groups[number].add(seed)
        groups[where[seed]].discard(seed)
    groups[:] = [members for members in groups if members]


def _figure_placed(t: int, group: set[int], groups: list[set[int]], where: dict[int, list[int]], claims: Sequence[Claim]) -> bool:
    """Whether a claim's figure already agrees with one of its own group and a figure of
    that unit in `group` does not ("55 miles of barrier" beside "about 55 miles of
    fencing", offered to "some 234 miles of border wall"): it states its own group's claim."""
    own = {i for number in where[t] for i in groups[number]} - {t}
    if not any(figures_agree(claims[t], claims[i]) for i in own):
        return False
    return any(figures_agree(claims[t], claims[i]) is False for i in group)


def complete_groups(
    groups: list[set[int]],
    claims: Sequence[Claim],
    restating: Sequence[bool],
    chance: Callable[[int, int], float],
    compared: Collection[tuple[int, int]],
    mean_chance: float,
) -> None:
    """A group of two or more articles takes (in place), as a second membership, the claim
    of an article it lacks that most likely states it: the third outlet's version that
    the alignment left alone or in a narrower group ("On Feb. 7, she was ordered off
    patrol and assigned to a desk" / "In February, she was stripped of her patrol duties
    and put behind a desk"). The claim must have been compared with every claim of the
    group (`compared`), reach `mean_chance` on average over them, be the likeliest of
    its article for the group and find that group its likeliest; and none of its own
    groups may span as many articles as the completed one would (there it may well
    belong). Its own group keeps it."""
    partners = _partners(compared)
    where: dict[int, list[int]] = defaultdict(list)  # claim -> its groups
    for number, members in enumerate(groups):
        for i in members:
            where[i].append(number)
    spans: dict[int, int] = Counter()  # claim -> articles its widest group spans
    for members in groups:
        width = len({claims[i].article for i in members})
        for i in members:
            spans[i] = max(spans[i], width)
    offers: dict[tuple[int, str], tuple[float, int]] = {}  # (group, article) -> (mean, claim)
    likeliest: dict[int, tuple[float, int]] = {}  # claim -> (mean, group)
    for number, group in enumerate(groups):
        articles = {claims[i].article for i in group}
        if len(articles) < 2:
            continue
        for t in sorted(set.intersection(*(partners[i] for i in group))):
            if claims[t].article in articles or restating[t]:
                continue
            if spans[t] > len(articles) or _figure_placed(t, group, groups, where, claims):
                continue
            mean = math.fsum(chance(min(t, i), max(t, i)) for i in group) / len(group)
            if mean < mean_chance:
                continue
            key = (number, claims[t].article)
            if key not in offers or offers[key][0] < mean:
                offers[key] = (mean, t)
            if t not in likeliest or likeliest[t][0] < mean:
                likeliest[t] = (mean, number)
    for (number, _), (_, t) in sorted(offers.items()):
        if likeliest[t][1] == number:
            groups[number].add(t)
