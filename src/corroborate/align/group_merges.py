"""Quote groups merged back into one utterance: groups holding consecutive sentences
of the same quotations, or consecutive clauses of one quoted sentence that every
outlet continues alike (`quote_groups` step 4)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from corroborate.align.differences import compare, most_severe
from corroborate.align.segments import Segment


def merge_adjacent(
    groups: list[list[Segment]], chain_of: dict[str, tuple[str, int]], fragments: dict[str, tuple[str, int]] | None = None
) -> list[list[Segment]]:
    """Merge groups that hold consecutive sentences of the same quotations (one long
    utterance), then groups that hold consecutive clauses of one outlet's sentence
    where the other outlets' renderings continue each other too (the pieces of a
    quotation split around its cue count as one): "'A,' she said. 'But B'" against
    "A, but B". Two quotations one after the other in each of two outlets stay two
    groups: the outlets printed them as two; against one outlet's quotation holding
    both sentences, another's two pieces split around its cue are one rendering
    ("'A,' she said. 'B.'" against "A. B."). `fragments` chains one outlet's partial
    quotations of one sentence ("“is not a handout” and called it “the only thing …”"):
    against consecutive sentences of another's quotation they are one rendering."""
    pieces = fragments or {}

    def quotes_of(group: list[Segment]) -> tuple[str, ...]:
        return tuple(sorted({pieces.get(s.quote.id, (s.quote.id, 0))[0] for s in group}))

    def joins(a: list[Segment], b: list[Segment]) -> bool:
        # Sentences the outlets render differently stay apart, each with its own class:
        # "I saw the reports" word for word, "you'll be able to" against "you'll have to".
        return _consecutive(a, b, pieces) and _class_of(a) == _class_of(b)

    groups = _merge_where(groups, quotes_of, joins)
    either = {**chain_of, **pieces}

    def heads_of(group: list[Segment]) -> tuple[str, ...]:
        return tuple(sorted({either.get(s.quote.id, (s.quote.id, 0))[0] for s in group}))

    def joins_pieces(a: list[Segment], b: list[Segment]) -> bool:
        whole = {s.quote.id for s in a} & {s.quote.id for s in b}  # a quotation holding both
        split = {s.quote.id for s in a} ^ {s.quote.id for s in b}  # pieces, one in each
        return bool(whole and split) and _consecutive(a, b, either) and _class_of(a) == _class_of(b)

    groups = _merge_where(groups, heads_of, joins_pieces)
    return _merge_first_pieces(_merge_clauses(groups, chain_of), chain_of)


_NEXT_PIECE_GAP = 200  # characters from one partial quotation to the next piece of its sentence


def _merge_first_pieces(groups: list[list[Segment]], chain_of: dict[str, tuple[str, int]]) -> list[list[Segment]]:
    """Join a group of first pieces to the group of the pieces that follow them when
    another outlet's whole sentence there holds them: "'That is not true,' he said,
    'and we never cut it'" and "called it "not true" and said it had "never cut it""
    against one outlet's "That is not true, and we never cut it" are one utterance,
    which the pieces alone split in two."""

    def follows(x: Segment, y: Segment) -> bool:
        (hx, rx), (hy, ry) = chain_of.get(x.quote.id, (x.quote.id, 0)), chain_of.get(y.quote.id, (y.quote.id, 0))
        if hx == hy:
            return ry == rx + 1
        same_speaker = (x.quote.speaker.entity or x.quote.speaker.name) == (y.quote.speaker.entity or y.quote.speaker.name)
        return (
            "partial" in (x.quote.kind, y.quote.kind)
            and same_speaker
            and x.quote.article == y.quote.article
            and 0 <= y.start - x.end <= _NEXT_PIECE_GAP
        )

    def holds(whole: Segment, pieces: list[Segment]) -> bool:
        return whole.quote.article not in {p.quote.article for p in pieces} and all(
            p.content and p.content <= whole.content for p in pieces
        )

    merged = True
    while merged:
        merged = False
        for i, first in enumerate(groups):
            for j, rest in enumerate(groups):
                if i == j or not first or not rest:
                    continue
                if any(holds(w, first) for w in rest) and all(any(follows(p, q) for q in rest) for p in first):
                    groups[j] = rest + first
                    groups[i] = []
                    merged = True
        groups = [g for g in groups if g]
    return groups


def _class_of(group: list[Segment]) -> str:
    """The most severe difference between the group's renderings of different quotes."""
    found = []
    for i, a in enumerate(group):
        for b in group[i + 1 :]:
            if a.quote.id != b.quote.id:
                found.append(compare(a.text, b.text, reported="indirect" in (a.quote.kind, b.quote.kind)).difference)
    return most_severe(found)


def _merge_clauses(groups: list[list[Segment]], chain_of: dict[str, tuple[str, int]]) -> list[list[Segment]]:
    """Join two groups holding consecutive clauses of one quoted sentence when every
    other rendering they share continues too, and a rendering only one of them holds
    comes from an article the other group does not quote (a fragment of the whole)."""

    def head(s: Segment) -> str:
        return chain_of.get(s.quote.id, (s.quote.id, 0))[0]

    merged = True
    while merged:
        merged = False
        for i, a in enumerate(groups):
            for j in range(i + 1, len(groups)):
                b = groups[j]
                if not a or not b or not _one_sentence_runs_on(a, b):
                    continue
                heads_a, heads_b = {head(s) for s in a}, {head(s) for s in b}
                shared = heads_a & heads_b
                only_a = {s.quote.article for s in a if head(s) not in shared}
                only_b = {s.quote.article for s in b if head(s) not in shared}
                if len(shared) < 2 or only_a & only_b:
                    continue
                if _consecutive([s for s in a if head(s) in shared], [s for s in b if head(s) in shared], chain_of):
                    groups[i] = a = a + b
                    groups[j] = []
                    merged = True
        groups = [g for g in groups if g]
    return groups


def _merge_where(
    groups: list[list[Segment]],
    signature: Callable[[list[Segment]], tuple[str, ...]],
    joins: Callable[[list[Segment], list[Segment]], bool],
) -> list[list[Segment]]:
    merged = True
    while merged:
        merged = False
        by_signature: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for index, group in enumerate(groups):
            by_signature[signature(group)].append(index)
        for indices in by_signature.values():
            for i in indices:
                for j in indices:
                    if i >= j or not groups[i] or not groups[j]:
                        continue
                    if joins(groups[i], groups[j]):
                        groups[i] = groups[i] + groups[j]
                        groups[j] = []
                        merged = True
        groups = [g for g in groups if g]
    return groups


def _one_sentence_runs_on(a: list[Segment], b: list[Segment]) -> bool:
    """True when one quotation has a clause of the same sentence in both groups."""
    sentences_a = {(s.quote.id, s.sentence[0]) for s in a}
    return any((s.quote.id, s.sentence[0]) in sentences_a for s in b)


def _consecutive(a: list[Segment], b: list[Segment], chain_of: dict[str, tuple[str, int]]) -> bool:
    def places(group: list[Segment]) -> dict[str, set[tuple[int, int]]]:
        found: dict[str, set[tuple[int, int]]] = defaultdict(set)
        for s in group:
            head, rank = chain_of.get(s.quote.id, (s.quote.id, 0))
            found[head].add((rank, s.position))
        return found

    def follows(x: tuple[int, int], y: tuple[int, int]) -> bool:
        (rx, px), (ry, py) = sorted((x, y))
        return (rx == ry and py - px == 1) or (ry - rx == 1 and py == 0)  # the next sentence, or the next piece

    places_b = places(b)
    return all(any(follows(x, y) for x in xs for y in places_b.get(head, ())) for head, xs in places(a).items())
