"""Names: the words that make up a person's or an organisation's name, and how to
compare two of them. One place for the title lexicon, institution words and name
cleaning, read by the per-article extractors (speakers, quotes, mentions) and by the
story's identity resolution (`corroborate.align.identities`)."""

from __future__ import annotations

import re

_TITLES = re.compile(
    r"^(?:(?:mr|mrs|ms|dr|gov|sen|rep|gen|lt|col|sgt|capt|prof|rev|st)\.?|mayor|governor|senator|president|"
    r"councilwoman|councilman|councilmember|councillor|councilor|alderman|alderwoman|commissioner|chief|judge|sheriff|"
    r"officer|detective|secretary|marshal|fire marshal|harbou?r master|constable|inspector|superintendent|minister)\s+",
    re.I,
)
_POSSESSIVE = re.compile(r"(?:['’]s|['’])$")

# Words that make a name an institution's ("Aurora Police Department"), not a person's.
INSTITUTION_WORDS = frozenset(
    "police department office city county state council board court committee agency bureau university school "
    "company party administration government ministry house senate news".split()
)


def clean_name(text: str) -> str:
    """A mention's name without titles, possessive endings, a leading "the" and edge punctuation."""
    name = " ".join(text.split())
    name = _POSSESSIVE.sub("", name)
    while _TITLES.match(name):
        name = _TITLES.sub("", name, count=1)
    return re.sub(r"^the\s+", "", name, flags=re.I).strip(" ,.;:-")


def name_key(name: str) -> str:
    """A name's comparison key: its words, case-folded, punctuation dropped."""
    return " ".join(re.findall(r"\w+", name.casefold()))


def transposed(a: str, b: str) -> bool:
    """b is a with two adjacent letters swapped (Jurinksy / Jurinsky)."""
    if len(a) != len(b) or len(a) < 5 or a == b:
        return False
    diffs = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diffs) == 2 and diffs[1] == diffs[0] + 1 and a[diffs[0]] == b[diffs[1]] and a[diffs[1]] == b[diffs[0]]
