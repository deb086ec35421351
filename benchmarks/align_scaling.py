"""Alignment time as stories grow: `group_quotes` on generated stories of 10 → 2,000 articles.

Each story is generated from a seed (no corpus, no model): a pool of invented
utterances about one invented event, credited to a small pool of named speakers.
Every article quotes a random subset of the pool, often altered the way outlets
alter quotes (a content word swapped, a function word dropped, the tense changed,
cut to a partial fragment, split into two sentences, two consecutive utterances
quoted as one, reported as indirect speech), sometimes credited to the wrong
speaker (drift), plus about 30 % article-specific filler quotes from a large
pseudo-word pool that match nothing. Quote offsets point into a generated
article text (`article_text[start:end] == quote.text`).

For each size it reports the quotes, the groups found, the time of
`group_quotes` (best of 3 up to 500 articles, one run above), µs per quote, the
peak traced memory (a separate run under tracemalloc), the growth exponent
between consecutive sizes, log(t2/t1) / log(n2/n1), and a least-squares exponent
over all sizes on log-log axes ("near-linear" when it is at most 1.3).

Read the groups column with the times: candidate blocking skips a stem held by
more than `_MAX_POSTINGS` segments, so when a story quotes one utterance more
often than that, its renderings stop being compared and fewer groups are found;
the script prints a note when the biggest size finds markedly fewer groups. Run:

    .venv/bin/python benchmarks/align_scaling.py [--sizes 10 50 100] [--seed 7] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import platform
import random
import sys
import time
import tracemalloc
from dataclasses import asdict, dataclass

from corroborate.align.quote_groups import _MAX_POSTINGS, group_quotes
from corroborate.model import Quote, Speaker
from corroborate.nlp.lexicon import FUNCTION_WORDS

DEFAULT_SIZES = (10, 50, 100, 250, 500, 1000, 2000)
BEST_OF_UP_TO = 500  # best of 3 runs up to this many articles, one run above
NEAR_LINEAR = 1.3

# --- The invented event -----------------------------------------------------------------------------------------
# Slots are filled per story from the seed, so two seeds give two different stories.

TOWNS = ("Velden", "Marrowby", "Oskfield", "Calder Rise", "Brenholt", "Tamsworth", "Ivel Cross", "Dunmere")
FACILITIES = ("Harwick chemical works", "Larkspur depot", "Northgate tank farm", "Pellow fertiliser plant")
AGENCIES = ("the regional fire service", "the county emergency board", "the environment agency", "the coastguard")
RIVERS = ("Ivel", "Tamber", "Skell", "Ore", "Lune")

UTTERANCES = (
    "The fire at the {facility} started shortly after midnight in the main storage hall.",
    "We evacuated {n} homes on the east side of {town} as a precaution.",
    "Nobody has been seriously hurt, and that is the most important thing tonight.",
    "The smoke is drifting north, so residents should keep their windows closed.",
    "Our crews have contained the blaze but it is not yet fully out.",
    "We will not let anyone back into the area until the air has been tested.",
    "The company knew about the faulty valves for months and did nothing.",
    "Every safety inspection at the {facility} was passed in full last spring.",
    "I saw a huge orange flash and then the windows started shaking.",
    "The water supply in {town} is safe to drink, according to our latest samples.",
    "We are testing the {river} every two hours for any sign of chemical runoff.",
    "This was a preventable disaster and the owners must answer for it.",
    "Schools in {town} will stay closed on Monday while the clean-up continues.",
    "The emergency shelters at the sports hall can take another {n} families.",
    "We have asked {agency} to open a full and independent inquiry.",
    "Our thoughts are with the workers who were injured in the explosion.",
    "Three workers were taken to hospital with burns and breathing problems.",
    "The tanks that caught fire held mostly ammonium nitrate and diesel.",
    "Residents who feel unwell should call the health line rather than visit hospital.",
    "The plant employed {n} people and we will pay every one of them this month.",
    "I have lived here for forty years and I have never been so frightened.",
    "The council warned the owners about storage limits twice last year.",
    "We cannot rule out sabotage until the investigators have finished their work.",
    "The road between {town} and the coast will remain closed through the weekend.",
    "Farmers near the {river} should keep livestock away from the riverbanks.",
    "We expect the cordon to be lifted gradually over the next few days.",
    "The alarm system failed and the night shift had to raise the alert by phone.",
    "Insurance claims will be handled by a dedicated team based in {town}.",
    "This community has been through a terrible night but people pulled together.",
    "The government stands ready to fund the rebuilding of damaged homes.",
    "Our early readings show no dangerous levels of toxic gas in the town centre.",
    "The {facility} will not reopen until it meets every new safety requirement.",
    "We were told to leave with ten minutes' notice and take only our medicines.",
    "Firefighters worked through the night in extremely dangerous conditions.",
    "The owners have promised full cooperation with the police investigation.",
    "A second smaller fire broke out near the loading bay just before dawn.",
    "The ash falling on gardens in {town} is unpleasant but not hazardous.",
    "Dozens of volunteers brought food and blankets to the evacuation centre.",
    "We will publish every air quality result online as soon as it arrives.",
    "The union says it raised concerns about staffing levels in the spring.",
    "Fish deaths downstream on the {river} are being examined by specialists.",
    "The mayor of {town} has declared a local emergency for seventy-two hours.",
    "We had drills for exactly this kind of incident and they paid off tonight.",
    "Some families are still waiting for news about their pets left behind.",
    "The regulator will review the licences of similar sites across the region.",
    "Traffic is being diverted through the northern ring road until further notice.",
    "I want to thank the crews who ran towards the danger when others ran away.",
    "The blaze destroyed two warehouses and damaged the main office building.",
    "Compensation for lost earnings will be paid to every evacuated household.",
    "It will take months to understand exactly what went wrong at the {facility}.",
)

SYNONYMS = {
    "fire": "blaze", "blaze": "fire", "homes": "houses", "started": "began", "huge": "massive",
    "safe": "fine", "months": "weeks", "terrible": "awful", "dangerous": "hazardous", "workers": "staff",
    "promised": "pledged", "destroyed": "wrecked", "frightened": "scared", "important": "crucial",
    "warned": "cautioned", "closed": "shut", "residents": "locals", "families": "households",
    "contained": "controlled", "thank": "praise", "unwell": "ill", "review": "examine", "fund": "pay for",
    "disaster": "catastrophe", "investigation": "inquiry", "inquiry": "investigation", "extremely": "very",
    "gradually": "slowly", "dozens": "scores", "thoughts": "prayers", "exactly": "precisely",
}  # fmt: skip
TENSES = {"will": "would", "is": "was", "are": "were", "has": "had", "have": "had", "can": "could", "cannot": "could not"}
DROPPABLE = {"the", "a", "that", "very", "just", "all", "then", "so"}
PRONOUNS = {"we": "they", "We": "They", "our": "their", "Our": "Their", "I": "he", "my": "his", "us": "them"}

FIRST_NAMES = ("Anna", "Tomas", "Priya", "Kofi", "Marta", "Owen", "Leila", "Jonas", "Ruth", "Dev", "Ines", "Callum")
LAST_NAMES = ("Berrick", "Osei", "Lindqvist", "Marr", "Quayle", "Santos", "Whitlock", "Okafor", "Hale", "Dunmore")
CUES = ("said", "told reporters", "said on Tuesday", "added", "told the broadcaster", "said in a statement")
FUNCTION_FILLER = ("the", "of", "and", "to", "in", "we", "it", "is", "for", "that", "a", "with", "on", "this")


# --- Generation -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    entity: str
    name: str


def pseudo_words(rng: random.Random, count: int) -> list[str]:
    """A large pool of made-up words ("bravelo", "kintu") that English text will not share."""
    onsets = "b c d f g h j k l m n p r s t v w z br cr dr gr pl st tr sk".split()
    vowels = "a e i o u ai ou ea".split()
    pool: set[str] = set()
    while len(pool) < count:
        pool.add("".join(rng.choice(onsets) + rng.choice(vowels) for _ in range(rng.choice((2, 2, 3)))))
    return sorted(pool)


def sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def swap_content_word(rng: random.Random, tokens: list[str]) -> list[str]:
    spots = [i for i, t in enumerate(tokens) if t.strip(".,").lower() in SYNONYMS]
    if not spots:
        return tokens
    i = rng.choice(spots)
    bare = tokens[i].strip(".,")
    new = SYNONYMS[bare.lower()]
    if bare[:1].isupper():
        new = sentence_case(new)
    return [*tokens[:i], tokens[i].replace(bare, new), *tokens[i + 1 :]]


def drop_function_word(rng: random.Random, tokens: list[str]) -> list[str]:
    spots = [i for i, t in enumerate(tokens) if t.lower() in DROPPABLE and i > 0 and not tokens[i - 1].endswith(".")]
    if not spots:
        return tokens
    i = rng.choice(spots)
    return tokens[:i] + tokens[i + 1 :]


def change_tense(rng: random.Random, tokens: list[str]) -> list[str]:
    spots = [i for i, t in enumerate(tokens) if t.lower() in TENSES]
    if not spots:
        return tokens
    i = rng.choice(spots)
    new = TENSES[tokens[i].lower()]
    return [*tokens[:i], sentence_case(new) if tokens[i][:1].isupper() else new, *tokens[i + 1 :]]


def split_in_two(rng: random.Random, tokens: list[str]) -> list[str]:
    """One long utterance quoted as two sentences, cut at a clause: "… is not yet fully out" →
    "Our crews have contained the blaze. But it is not yet fully out."."""
    clause = {"and", "but", "so", "while", "according", "when", "then", "until"}
    cuts = [i for i in range(3, len(tokens) - 3) if tokens[i - 1].endswith(",") or tokens[i].lower() in clause]
    if len(tokens) < 12 or not cuts:
        return tokens
    cut = rng.choice(cuts)
    head = tokens[:cut]
    head[-1] = head[-1].rstrip(",.") + "."
    return [*head, sentence_case(tokens[cut]), *tokens[cut + 1 :]]


def fragment(rng: random.Random, tokens: list[str]) -> str:
    """A partial quote: 2-6 words that start and end on a content word ("seriously hurt")."""
    bare = [t.strip(".,").lower() for t in tokens]
    content = [i for i, t in enumerate(bare) if t not in FUNCTION_WORDS and t not in TENSES.values()]
    spans = [(i, j) for i in content for j in content if 1 <= j - i <= 5]
    i, j = rng.choice(spans) if spans else (0, len(tokens) - 1)
    return " ".join(tokens[i : j + 1]).strip(".,")


def as_indirect(tokens: list[str]) -> str:
    reported = [PRONOUNS.get(t, t) for t in tokens]
    reported = [TENSES.get(t, t) for t in reported]
    text = " ".join(reported).rstrip(".")
    return "that " + text[:1].lower() + text[1:]


@dataclass
class Story:
    articles: dict[str, str]  # article id -> text
    quotes: list[Quote]


def make_story(articles: int, seed: int, pool_size: int = 40, per_article: int = 8) -> Story:
    rng = random.Random(seed * 1_000_003 + articles)
    slots = {
        "town": rng.choice(TOWNS),
        "facility": rng.choice(FACILITIES),
        "agency": rng.choice(AGENCIES),
        "river": rng.choice(RIVERS),
    }
    templates = rng.sample(UTTERANCES, min(pool_size, len(UTTERANCES)))
    pool = [t.format(n=rng.randint(12, 900), **slots) for t in templates]
    people = [Person(f"e{i}", f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}") for i in range(1, 31)]
    owner = [rng.choice(people) for _ in pool]
    filler_words = pseudo_words(rng, 30_000)

    texts: dict[str, str] = {}
    quotes: list[Quote] = []
    for a in range(articles):
        article = f"a{a:05d}"
        body = [f"Fire in {slots['town']}: what we know so far\n\n"]
        length = len(body[0])
        count = max(2, round(rng.gauss(per_article, 2)))
        chosen = rng.sample(range(len(pool)), min(len(pool), count))
        for k in range(count):
            kind = "direct"
            filler = rng.random() < 0.3 or k >= len(chosen)
            if filler:
                words = [
                    rng.choice(filler_words) if rng.random() < 0.7 else rng.choice(FUNCTION_FILLER)
                    for _ in range(rng.randint(8, 18))
                ]
                text = sentence_case(" ".join(words)) + "."
                person = rng.choice(people)
            else:
                u = chosen[k]
                tokens = pool[u].split()
                if u + 1 < len(pool) and rng.random() < 0.08:
                    tokens = tokens + pool[u + 1].split()  # two consecutive utterances quoted as one
                person = owner[u] if rng.random() > 0.05 else rng.choice(people)  # drift
                for alter in (swap_content_word, drop_function_word, change_tense):
                    if rng.random() < 0.15:
                        tokens = alter(rng, tokens)
                roll = rng.random()
                if roll < 0.15:
                    kind = "partial"
                    text = fragment(rng, tokens)
                elif roll < 0.30:
                    kind = "indirect"
                    text = as_indirect(tokens)
                else:
                    text = " ".join(split_in_two(rng, tokens) if rng.random() < 0.1 else tokens)
            unnamed = rng.random() < 0.05
            speaker = Speaker(description="a witness") if unnamed else Speaker(entity=person.entity, name=person.name)
            who = "A witness" if unnamed else person.name
            cue = rng.choice(CUES)
            if kind == "direct":
                before, after = f"{who} {cue}: “", "”\n\n"
            elif kind == "partial":
                before, after = f"{who} described it as “", f"”, {rng.choice(filler_words)} {rng.choice(filler_words)}.\n\n"
            else:
                before, after = f"{who} {cue} ", ".\n\n"
            start = length + len(before)
            body.append(before + text + after)
            length += len(before) + len(text) + len(after)
            end = start + len(text)
            quote = Quote(id=f"{article}:q{k}", article=article, kind=kind, text=text, start=start, end=end, zone="body",
                          speaker=speaker, rule="benchmark", confidence=1.0)  # fmt: skip
            quotes.append(quote)
        texts[article] = "".join(body)
    for q in quotes:
        assert texts[q.article][q.start : q.end] == q.text, q.id
    return Story(texts, quotes)


# --- Measurement ------------------------------------------------------------------------------------------------


@dataclass
class Row:
    articles: int
    quotes: int
    groups: int
    largest: int  # quotes in the largest group
    seconds: float
    runs: int
    us_per_quote: float
    peak_mib: float | None
    exponent: float | None  # growth from the previous size


def measure(articles: int, seed: int, memory: bool) -> Row:
    story = make_story(articles, seed)
    runs = 3 if articles <= BEST_OF_UP_TO else 1
    best = math.inf
    groups = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        groups = group_quotes(story.quotes)
        best = min(best, time.perf_counter() - start)
    peak = None
    if memory:
        gc.collect()
        tracemalloc.start()
        group_quotes(story.quotes)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    n = len(story.quotes)
    return Row(articles, n, len(groups), max((len(g.quotes) for g in groups), default=0), best, runs, best / n * 1e6, peak, None)


def fitted_exponent(rows: list[Row]) -> float | None:
    points = [(math.log(r.articles), math.log(r.seconds)) for r in rows if r.seconds > 0]
    if len(points) < 2:
        return None
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else None


def recall_notes(rows: list[Row]) -> list[str]:
    """Say so when bigger stories find fewer groups: the time then says little about the work."""
    if len(rows) < 2:
        return []
    peak = max(rows, key=lambda r: r.groups)
    last = rows[-1]
    if last.articles <= peak.articles or last.groups >= 0.75 * peak.groups:
        return []
    return [
        f"groups found fell from {peak.groups} ({peak.articles} articles) to {last.groups} ({last.articles} articles): "
        f"a stem held by more than {_MAX_POSTINGS} segments is not blocked on, so once an utterance is quoted "
        "that often its renderings are no longer compared (the times above that size are those of a smaller job)"
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES), help="articles per story")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-memory", action="store_true", help="skip the tracemalloc run")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    args = parser.parse_args()

    rows: list[Row] = []
    if not args.json:
        print(
            f"{'articles':>8} {'quotes':>7} {'groups':>6} {'largest':>7} {'seconds':>9} {'µs/quote':>9} {'peak MiB':>8} {'exponent':>8}"
        )
    for size in sorted(set(args.sizes)):
        row = measure(size, args.seed, memory=not args.no_memory)
        if rows and rows[-1].seconds > 0 and row.seconds > 0:
            row.exponent = math.log(row.seconds / rows[-1].seconds) / math.log(row.articles / rows[-1].articles)
        rows.append(row)
        if not args.json:
            peak = f"{row.peak_mib:8.1f}" if row.peak_mib is not None else f"{'-':>8}"
            growth = f"{row.exponent:8.2f}" if row.exponent is not None else f"{'-':>8}"
            print(
                f"{row.articles:>8} {row.quotes:>7} {row.groups:>6} {row.largest:>7} {row.seconds:>9.3f} "
                f"{row.us_per_quote:>9.1f} {peak} {growth}",
                flush=True,
            )
    exponent = fitted_exponent(rows)
    verdict = "too few sizes to fit" if exponent is None else ("near-linear" if exponent <= NEAR_LINEAR else "superlinear")
    notes = recall_notes(rows)
    if args.json:
        payload = {
            "seed": args.seed,
            "python": platform.python_version(),
            "machine": platform.machine(),
            "rows": [asdict(r) for r in rows],
            "exponent": exponent,
            "verdict": verdict,
            "notes": notes,
        }
        json.dump(payload, sys.stdout, indent=2)
        print()
    else:
        shown = "-" if exponent is None else f"{exponent:.2f}"
        print(f"\nfitted exponent (least squares, log time vs log articles): {shown}")
        print(f"verdict: {verdict} (near-linear when ≤ {NEAR_LINEAR})")
        for note in notes:
            print(f"note: {note}")


if __name__ == "__main__":
    main()
