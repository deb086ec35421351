"""Check the `speakers` findings of an expected.yaml (the Aurora worked example) against our quotes.

For each expected entry: is there a quote in that article whose text holds the
expected words (quote marks and whitespace normalised), of the expected kind,
with the expected canonical speaker? Run:

    .venv/bin/python benchmarks/aurora_speakers.py [CORPUS_DIR] [-v]
"""

from __future__ import annotations

import sys

from expected_story import norm, story_from_arguments

from corroborate.model import Analysis, Entity, Quote


def speaker_ok(quote: Quote, expected: str | None, entities: dict[str, Entity]) -> bool:
    options = [None] if expected is None else expected.split("|")
    for option in options:
        if option is None:
            if quote.speaker.name is None and quote.speaker.represents is None:
                return True
        elif option.startswith("unnamed:"):
            represented = entities.get(quote.speaker.represents or "")
            if quote.speaker.name is None and represented is not None and represented.name == option[8:]:
                return True
        elif quote.speaker.name == option:
            return True
    return False


def check(analysis: Analysis, expected: dict, files: dict[str, str], verbose: bool = False) -> tuple[int, int, int, int]:
    entities = {e.id: e for e in analysis.entities}
    found = kind_right = speaker_right = 0
    entries = expected["speakers"]
    for entry in entries:
        article = files[entry["article"]]
        want = norm(entry["text"])
        candidates = [
            q
            for q in analysis.quotes
            if q.article == article and (want in norm(q.text) or (norm(q.text) in want and len(q.text) > 12))
        ]
        # The tightest rendering with the right speaker: the entry names those words.
        right = [q for q in candidates if speaker_ok(q, entry["speaker"], entities)]
        best = min(right, key=lambda q: len(q.text)) if right else (candidates[0] if candidates else None)
        status = "missing"
        if best is not None:
            found += 1
            kind_right += best.kind == entry["kind"]
            ok = speaker_ok(best, entry["speaker"], entities)
            speaker_right += ok
            status = f"{'ok ' if ok else 'BAD'} kind={best.kind}{'' if best.kind == entry['kind'] else '(want ' + entry['kind'] + ')'} speaker={best.speaker.name or best.speaker.description!r}"
        if verbose:
            print(f"{entry['article']} {entry['speaker']!s:32} {status:70} {entry['text'][:50]}")
    return len(entries), found, kind_right, speaker_right


def main() -> None:
    analysis, expected, files, verbose = story_from_arguments(__doc__)
    total, found, kind_right, speaker_right = check(analysis, expected, files, verbose)
    print(
        f"speakers entries: {total}  found: {found}  right kind: {kind_right}  right speaker: {speaker_right}"
        f"  ({speaker_right / total:.0%} of entries)"
    )
    sys.exit(0)


if __name__ == "__main__":
    main()
