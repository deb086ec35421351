"""How two renderings of one utterance differ: a word-level diff and a difference class.

Classes, least to most severe (DESIGN.md):

- `identical`: the same words, ignoring quote marks, punctuation at the edges, the
  case of the first letter and whitespace;
- `formatting`: inner punctuation, case, hyphens, editorial brackets (`[for]`),
  censoring (`f***ing`);
- `minor`: function words, contractions, tense or number, or one rendering is a
  fragment of the other;
- `paraphrase`: the same statement in other words (one quoted, one reported);
- `substantive`: a content word, name or number changed.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from corroborate.nlp.lexicon import FUNCTION_WORDS, NEGATION_WORDS

SEVERITY = ("identical", "formatting", "minor", "paraphrase", "substantive")

_CONTRACTIONS = {
    "n't": " not", "'re": " are", "'m": " am", "'ve": " have", "'ll": " will", "'d": " would",
    "let's": "let us", "won't": "will not", "can't": "can not", "it's": "it is", "that's": "that is",
    "there's": "there is", "he's": "he is", "she's": "she is", "what's": "what is",
}  # fmt: skip
_MARKS = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "«": '"', "»": '"', "„": '"', "\u00a0": " "})
_EDGE = re.compile(r"""^[\s"'.,;:!?…—–-]+|[\s"'.,;:!?…—–-]+$""")
_WORD = re.compile(r"[a-z0-9*]+(?:'[a-z]+)?")
_BRACKETED = re.compile(r"\[[^\]]{0,40}\]")
# How a figure or a spoken form is written does not change the words said ("1 in 3" /
# "one in three", "gonna" / "going to"): compared as one spelling.
_SPELLINGS = {
    "1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "10": "ten", "gonna": "going to", "wanna": "want to", "gotta": "got to", "kinda": "kind of",
}  # fmt: skip


def severity(difference: str) -> int:
    return SEVERITY.index(difference)


def most_severe(differences: list[str]) -> str:
    return max(differences, key=severity) if differences else "identical"


def edge_normalised(text: str) -> str:
    text = _EDGE.sub("", " ".join(text.translate(_MARKS).split()))
    return text[:1].lower() + text[1:]


# Word-keyed caches are bounded: a long run over hostile text must not grow them without end.
_WORD_CACHE = 1 << 16


def words(text: str, expand: bool = False, brackets: bool = True) -> list[str]:
    """Lower-case words without punctuation or hyphens; editorial brackets dropped with
    their words unless `brackets`; contractions expanded when `expand` (so "we're" and
    "we are" compare equal)."""
    return list(_words(text, expand, brackets))


@lru_cache(maxsize=_WORD_CACHE)  # a story's claims are read again for each of their pairs
def _words(text: str, expand: bool, brackets: bool) -> tuple[str, ...]:
    text = text.translate(_MARKS).casefold().replace("-", " ")
    text = text.replace("[", "").replace("]", "") if brackets else _BRACKETED.sub(" ", text)
    if expand:
        for short, full in _CONTRACTIONS.items():
            text = text.replace(short, full)
    return tuple(_WORD.findall(text))


def word_spans(text: str) -> list[tuple[int, int, str]]:
    """The words of `words(text)` (brackets kept, no expansion) with their offsets in `text`."""
    folded = text.translate(_MARKS).casefold().replace("-", " ").replace("[", " ").replace("]", " ")
    if len(folded) != len(text):
        return []  # a character that folds to several: no offsets to give
    return [(m.start(), m.end(), m.group()) for m in _WORD.finditer(folded)]


# Indefinite pronouns are function words too: "anything worse" / "any worse" changes
# no content word ("nothing", "nobody" are negations and stay content).
_MINOR_WORDS = FUNCTION_WORDS | {
    "anything", "something", "everything", "anyone", "someone", "everyone", "anybody", "somebody", "everybody",
}  # fmt: skip

# A quote that gains or loses a negation says the opposite; one whose modal moves from
# what may be to what must or will be ("you'll be able to decide" / "you'll have to
# decide", "we may cut" / "we will cut") says something else. Both are function words,
# so the content-word test alone calls such a change minor.
_NOT_DENYING = frozenset("only just merely simply".split())
_FORCE = {
    **dict.fromkeys(("can", "could", "may", "might", "able"), "possible"),
    **dict.fromkeys(("must", "should", "ought", "shall"), "necessary"),
    **dict.fromkeys(("will", "would"), "future"),
}
# These state a force only before "to" ("have to decide", "going to cut").
_FORCE_BEFORE_TO = {
    **dict.fromkeys(("have", "has", "had", "need", "needs", "needed"), "necessary"),
    "going": "future",
}

# Lemmatisers know "people", a noun of its own, is the plural of "person" here.
_SUPPLETIVE = {"people": "person"}
_LEMMA_POS = ("VERB", "AUX", "NOUN")


@lru_cache(maxsize=_WORD_CACHE)
def _lemma(word: str) -> tuple[str, str] | None:
    """(part of speech, lemma) of any verb or noun form lemminflect knows, regular or not
    ("losing" -> "lose", "filing" -> "file", "went" -> "go"); None for a word it does not
    know and for a noun in its own right ("media", "data")."""
    from lemminflect import getAllLemmas

    lemmas = getAllLemmas(word)
    for upos in _LEMMA_POS:
        if upos not in lemmas:
            continue
        if upos == "NOUN" and word in lemmas[upos]:
            return None
        return upos, lemmas[upos][0]
    return None


@lru_cache(maxsize=_WORD_CACHE)
def _irregular_lemma(word: str) -> str | None:
    """The lemma of an irregular verb or noun form ("went" -> "go", "women" -> "woman",
    "controlled" -> "control"); None for a regular form (one lemminflect's rules build
    from the lemma), which the suffix rule of `stem` reads alike."""
    from lemminflect import getAllInflectionsOOV

    found = _lemma(word)
    if found is None or found[1] == word:
        return None
    upos, base = found
    regular = {form for forms in getAllInflectionsOOV(base, upos).values() for form in forms}
    return None if word in regular else base


def _suffix_stem(word: str) -> str:
    for suffix in ("ies", "ing", "ed", "es", "s", "y"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


@lru_cache(maxsize=_WORD_CACHE)
def word_stem(word: str) -> str:
    """The stem quotations are compared by: the suffix rule applied to the lemma of
    every form, so that "could lose" / "could be losing" or "file" / "filing" are one
    word ("los" and "lose" under `stem`, which counts them changed). Claims keep `stem`:
    the claim-pair score and its bars were fitted on its stems, and refitted on these
    they grouped fewer of the dev stories' claims (benchmarks/README.md)."""
    found = _lemma(word)
    lemma = _SUPPLETIVE.get(word) or (found[1] if found else None)
    return _suffix_stem(lemma or word)


@lru_cache(maxsize=_WORD_CACHE)
def stem(word: str) -> str:
    """A crude stem, the words of claims: enough to see "policy"/"policies", "pushed"/"pushing",
    "did"/"done" as one word, but not "lose"/"losing" (see `word_stem`)."""
    lemma = _SUPPLETIVE.get(word) or _irregular_lemma(word)
    return _suffix_stem(lemma or word)


def content_words(text: str, expand: bool = False) -> set[str]:
    """The stems (`stem`) of the text's content words of three letters or more
    (contractions expanded first when `expand`, as `words`)."""
    return {stem(w) for w in words(text, expand=expand) if w not in FUNCTION_WORDS and len(w) > 2}


def content_stems(text: str) -> tuple[str, ...]:
    """The stems (`word_stem`) of the text's content words, in order: no function words,
    no single letters."""
    return tuple(word_stem(w) for w in words(text, expand=True) if w not in FUNCTION_WORDS and len(w) > 1)


def _same_words(a: list[str], b: list[str]) -> bool:
    """Equal word lists, where a censored word (f***ing) matches the word it hides."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        censored, plain = (x, y) if "*" in x else (y, x)
        if "*" not in censored or not re.fullmatch(re.sub(r"(?:\\\*)+", "[a-z]+", re.escape(censored)), plain):
            return False
    return True


def contains(longer: Sequence[str], shorter: Sequence[str]) -> bool:
    """True when `shorter` (not empty) runs, in order and unchanged, inside `longer`."""
    n = len(shorter)
    return n > 0 and any(list(longer[i : i + n]) == list(shorter) for i in range(len(longer) - n + 1))


@dataclass(frozen=True)
class Comparison:
    difference: str
    changed_a: tuple[str, ...]
    changed_b: tuple[str, ...]


_JOINT = re.compile(r"^\W*(?:and|but|so)\b[\s,]*", re.I)


def _without_joint(a: str, b: str) -> tuple[str, str]:
    """Both texts without a leading "And"/"But"/"So" that only one of them has: the
    joint to the sentence before ("And I'm being myself" / "I'm being myself"), where
    the outlets began their quotation at different places, not a word changed."""
    ja, jb = _JOINT.match(a), _JOINT.match(b)
    if ja and not jb:
        return a[ja.end() :], b
    if jb and not ja:
        return a, b[jb.end() :]
    return a, b


def compare(a: str, b: str, reported: bool = False) -> Comparison:
    """Classify how `b` renders the utterance `a` renders. `reported`: one of them is
    indirect speech, so different wording is a paraphrase rather than an alteration."""
    a, b = _without_joint(a, b)
    if edge_normalised(a) == edge_normalised(b):
        return Comparison("identical", (), ())
    if _same_words(words(a), words(b)) or _same_words(words(a, brackets=False), words(b, brackets=False)):
        return Comparison("formatting", (), ())
    if "".join(words(a)) == "".join(words(b)):
        return Comparison("formatting", (), ())  # "work force" / "workforce", "F.B.I." / "FBI"
    ea, eb = _uncensored(_spelled(words(a, expand=True)), _spelled(words(b, expand=True)))
    if contains(ea, eb) or contains(eb, ea):
        # One quotes a fragment of what the other quotes whole; words reported without
        # marks are the outlet's rendering, though: a paraphrase however close.
        return Comparison("paraphrase" if reported else "minor", (), ())
    changed_a: list[str] = []
    changed_b: list[str] = []
    inner_a: list[str] = []
    inner_b: list[str] = []
    turned = False  # a negation or a modal's force changed inside the shared words
    matcher = difflib.SequenceMatcher(a=ea, b=eb, autojunk=False)
    opcodes = matcher.get_opcodes()
    for index, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            continue
        changed_a.extend(ea[i1:i2])
        changed_b.extend(eb[j1:j2])
        at_edge = index in (0, len(opcodes) - 1)
        if not at_edge:
            inner_a.extend(ea[i1:i2])
            inner_b.extend(eb[j1:j2])
            turned = turned or _turned(ea, i1, i2, eb, j1, j2)
        elif tag == "replace":
            # At an end, the longer side may quote more than the shorter ("pushed out the
            # property management…" / "pushing out"): only the shorter side's words need
            # a counterpart there.
            side_a, side_b = ea[i1:i2], eb[j1:j2]
            shorter, longer = (side_a, side_b) if len(side_a) <= len(side_b) else (side_b, side_a)
            stems = {word_stem(w) for w in longer}
            residual = [w for w in shorter if word_stem(w) not in stems]
            (inner_a if shorter is side_a else inner_b).extend(residual)
        # an insert or delete at an end is a fragment, not a change
    content_a = {word_stem(w) for w in inner_a if w not in _MINOR_WORDS and word_stem(w) not in _MINOR_WORDS}
    content_b = {word_stem(w) for w in inner_b if w not in _MINOR_WORDS and word_stem(w) not in _MINOR_WORDS}
    # Extra words beyond the other's ends are a fragment; changed function words,
    # contractions, tense or number leave the content words the same.
    # Two renderings sharing only a word or two in order are not one quoting the other.
    aligned = sum(block.size for block in matcher.get_matching_blocks())
    if reported:
        difference = "paraphrase"  # a direct quote reported indirectly, however close the words
    elif aligned >= 0.5 * min(len(ea), len(eb)) and not turned and (_fragment_of(matcher) or not (content_a ^ content_b)):
        difference = "minor"
    else:
        difference = "substantive"
    return Comparison(difference, tuple(changed_a), tuple(changed_b))


def _forces(seq: list[str], start: int, end: int) -> set[str]:
    """The modal forces the words seq[start:end] state (`_FORCE`)."""
    found = set()
    for k in range(start, end):
        if seq[k] in _FORCE:
            found.add(_FORCE[seq[k]])
        elif seq[k] in _FORCE_BEFORE_TO and k + 1 < len(seq) and seq[k + 1] == "to":
            found.add(_FORCE_BEFORE_TO[seq[k]])
    return found


def _negation(seq: list[str], k: int) -> bool:
    """Whether seq[k] negates: "not only" / "not just" adds, it does not deny."""
    return seq[k] in NEGATION_WORDS and not (seq[k] == "not" and k + 1 < len(seq) and seq[k + 1] in _NOT_DENYING)


def _turned(a: list[str], i1: int, i2: int, b: list[str], j1: int, j2: int) -> bool:
    """Whether a changed stretch (a[i1:i2] for b[j1:j2]) adds or drops a negation,
    trades one modal force for another, or adds or drops what may or must be (a "will"
    alone is tense: "we will cut" / "we cut")."""
    negations_a = sum(_negation(a, k) for k in range(i1, i2))
    negations_b = sum(_negation(b, k) for k in range(j1, j2))
    if negations_a != negations_b:
        return True
    forces_a, forces_b = _forces(a, i1, i2), _forces(b, j1, j2)
    return bool(forces_a and forces_b and forces_a != forces_b) or bool((forces_a ^ forces_b) - {"future"})


def _spelled(found: list[str]) -> list[str]:
    """Each word as one spelling: "3" as "three", "gonna" as "going to", and "a single"
    as "one" ("not a single rifle" / "not one rifle" is a change of function words)."""
    spelled = [part for w in found for part in _SPELLINGS.get(w, w).split()]
    result: list[str] = []
    for word in spelled:
        if word == "single" and result and result[-1] == "a":
            result[-1] = "one"
        else:
            result.append(word)
    return result


def _uncensored(a: list[str], b: list[str]) -> tuple[list[str], list[str]]:
    """Each side's censored words ("motherf***er") spelt as the word the other side prints."""

    def fill(side: list[str], other: list[str]) -> list[str]:
        plain = [w for w in other if "*" not in w]
        return [next((p for p in plain if _same_words([w], [p])), w) if "*" in w else w for w in side]

    return fill(a, b), fill(b, a)


def _fragment_of(matcher: difflib.SequenceMatcher) -> bool:
    """True when the only differences are words one side has beyond the other's ends."""
    opcodes = matcher.get_opcodes()
    for index, (tag, *_rest) in enumerate(opcodes):
        if tag == "equal":
            continue
        if tag == "replace" or index not in (0, len(opcodes) - 1):
            return False
    return True
