"""Names: the words that make up a person's or an organisation's name, and how to
compare two of them. One place for the title lexicon, institution words and name
cleaning, read by the per-article extractors (speakers, quotes, mentions) and by the
story's identity resolution (`corroborate.align.identities`)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

_TITLES = re.compile(
    r"^(?:(?:mr|mrs|ms|dr|gov|sen|rep|gen|lt|col|sgt|capt|prof|rev|st)\.?|mayor|governor|senator|president|"
    r"councilwoman|councilman|councilmember|councillor|councilor|alderman|alderwoman|commissioner|chief|judge|sheriff|"
    r"officer|detective|secretary|marshal|fire marshal|harbou?r master|constable|inspector|superintendent|minister)\s+",
    re.I,
)
_POSSESSIVE = re.compile(r"(?:['’]s|['’])$")
# What the NER's span may carry at a name's edges: quote marks and dashes of the text around it.
_EDGE_PUNCTUATION = " ,.;:-–—―'\"‘’“”"
# A name's words: letters and digits, with an apostrophe or hyphen inside ("O'Brien", "Ocasio-Cortez").
_NAME_WORD = re.compile(r"\w+(?:['’-]\w+)*")

# Words that make a name an institution's ("Aurora Police Department"), not a person's.
INSTITUTION_WORDS = frozenset(
    "police department office city county state council board court committee agency bureau university school "
    "company party administration government ministry house senate news".split()
)

# Role words and the role they name; the value is the key people are indexed by.
ROLE_WORDS: dict[str, str] = {
    "mayor": "mayor", "gov.": "governor", "gov": "governor", "governor": "governor",
    "councilwoman": "council member", "councilman": "council member", "councilmember": "council member",
    "councillor": "council member", "councilor": "council member", "alderman": "council member",
    "spokeswoman": "spokesperson", "spokesman": "spokesperson", "spokesperson": "spokesperson",
    "aide": "aide", "sen.": "senator", "senator": "senator", "rep.": "representative",
    "representative": "representative", "congressman": "representative", "congresswoman": "representative",
    "president": "president", "vice": "vice president", "secretary": "secretary", "commissioner": "commissioner",
    "chief": "chief", "sheriff": "sheriff", "director": "director", "minister": "minister", "judge": "judge",
    "attorney": "attorney", "lawyer": "lawyer", "engineer": "engineer", "inspector": "inspector",
    "superintendent": "superintendent", "chairman": "chair", "chairwoman": "chair", "chair": "chair",
    "ceo": "chief executive", "candidate": "candidate", "nominee": "nominee", "officer": "officer",
    "detective": "detective", "prosecutor": "prosecutor", "professor": "professor", "dr.": "doctor",
    "doctor": "doctor", "analyst": "analyst", "economist": "economist", "strategist": "strategist",
    "manager": "manager", "owner": "owner", "resident": "resident", "ambassador": "ambassador",
    "general": "general", "gen.": "general", "lt.": "lieutenant", "capt.": "captain", "captain": "captain",
    "speaker": "speaker", "leader": "leader", "founder": "founder", "executive": "executive",
}  # fmt: skip
FEMALE_WORDS = frozenset("spokeswoman councilwoman chairwoman congresswoman mrs. mrs ms. ms miss madam woman".split())
MALE_WORDS = frozenset("spokesman councilman chairman congressman mr. mr sir man".split())
# First names that tell a person's gender when nothing else in the text does: general
# knowledge (common given names in the US Social Security Administration's lists of
# baby names, plus public figures' first names met in news); a pronoun's antecedent
# is chosen by them only as a last resort.
FEMALE_FIRST_NAMES = frozenset(
    "mary patricia jennifer linda elizabeth barbara susan jessica sarah karen nancy lisa betty margaret "
    "sandra ashley kimberly emily donna michelle dorothy carol amanda melissa deborah stephanie rebecca "
    "sharon laura cynthia cindy kathleen amy angela shirley anna brenda pamela emma nicole helen samantha "
    "katherine christine debra rachel carolyn janet catherine maria heather diane ruth julie olivia joyce "
    "virginia victoria kelly lauren christina joan evelyn judith megan andrea cheryl hannah jacqueline "
    "martha gloria teresa ann sara madison frances kathryn janice jean abigail alice judy sophia grace "
    "denise amber doris marilyn danielle beverly isabella theresa diana natalie brittany charlotte marie "
    "kayla alexis lori hillary melania chelsea nancy elena kamala priya rosa lena".split()
)
MALE_FIRST_NAMES = frozenset(
    "james robert john michael david william richard joseph thomas charles christopher daniel matthew "
    "anthony mark donald steven paul andrew joshua kenneth kevin brian george timothy ronald edward jason "
    "jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott brandon benjamin samuel "
    "gregory alexander frank patrick raymond jack dennis jerry tyler aaron jose adam nathan henry douglas "
    "zachary peter kyle ethan walter noah jeremy christian keith roger terry gerald harold sean austin "
    "carl arthur lawrence dylan jesse jordan bryan billy joe bruce gabriel logan albert willie alan juan "
    "wayne elijah randy roy vincent ralph eugene russell bobby mason philip louis barack bill mike mitch "
    "ted bernie jared tim chris omar tom ray walter hugh".split()
)
# The roles that are offices (a title someone holds), among ROLE_WORDS' values.
OFFICES = frozenset(
    "mayor governor senator representative president secretary commissioner chief sheriff director minister "
    "judge superintendent chair ambassador speaker leader".split()
)
# Roles that end a false "name" the NER labels a person ("Aurora Mayor"): a title, not a name.
ROLE_TAILS = frozenset("mayor governor councilwoman councilman spokeswoman spokesman spokesperson senator president".split())
# Abbreviated titles as a role's words spell them out ("Gov." -> governor).
TITLE_ABBREVIATIONS = {"gov": "governor", "sen": "senator", "rep": "representative", "pres": "president", "atty": "attorney"}


def clean_name(text: str) -> str:
    """A mention's name without titles, possessive endings, a leading "the" and edge punctuation."""
    name = " ".join(text.split())
    name = _POSSESSIVE.sub("", name)
    while _TITLES.match(name):
        name = _TITLES.sub("", name, count=1)
    return re.sub(r"^the\s+", "", name, flags=re.I).strip(_EDGE_PUNCTUATION)


def name_key(name: str) -> str:
    """A name's comparison key: its words, case-folded, other punctuation dropped."""
    return " ".join(w.replace("’", "'") for w in _NAME_WORD.findall(name.casefold()))


def transposed(a: str, b: str) -> bool:
    """b is a with two adjacent letters swapped (Jurinksy / Jurinsky)."""
    if len(a) != len(b) or len(a) < 5 or a == b:
        return False
    diffs = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diffs) == 2 and diffs[1] == diffs[0] + 1 and a[diffs[0]] == b[diffs[1]] and a[diffs[1]] == b[diffs[0]]


def name_kind(name: str, place_names: Collection[str], org_names: Collection[str] = ()) -> str:
    """What a name the NER calls a person most likely is, correcting its most common
    slips: "person", "organization" ("Aurora Police", "Telemundo Denver": an
    institution word, or a place's name as the last word), "other" ("Aurora Mayor": a
    title, not a name), "place" (a lone word the story names as a place) or
    "organization" (a lone word it names as an organisation). `place_names` and
    `org_names` hold case-folded names (`name_key`)."""
    words = name_key(name).split()
    if any(w in INSTITUTION_WORDS for w in words) or (len(words) >= 2 and words[-1] in place_names):
        return "organization"
    if words and words[-1] in ROLE_TAILS:
        return "other"
    if len(words) == 1 and words[0] in place_names:
        return "place"
    if len(words) == 1 and words[0] in org_names:
        return "organization"
    return "person"


class FullNames:
    """The full names (two words or more) of an article or a story, and the one a
    partial or misspelt name stands for: the resolver both scopes share.

    A full name stands for itself, or for the one full name with the same first name
    and a surname misspelt by two swapped letters ("Danielle Jurinksy"). A lone word
    stands for the one full name with that surname (or that surname misspelt so),
    else for the one with that first name (`firsts`: the first names in scope, which
    a story keeps per article). Two people sharing a surname stay apart unless a
    first name says which."""

    def __init__(self, names: Iterable[str]) -> None:
        self.display: dict[str, str] = {}  # key -> the name as written
        self.by_surname: dict[str, set[str]] = {}
        self.by_first: dict[str, set[str]] = {}
        for name in names:
            key = name_key(name)
            parts = key.split()
            if len(parts) < 2:
                continue
            if key not in self.display or (self.display[key].isupper() and not name.isupper()):
                self.display[key] = name  # the first spelling, unless it was a headline's capitals
            self.by_surname.setdefault(parts[-1], set()).add(key)
            self.by_first.setdefault(parts[0], set()).add(key)

    def key_of(self, name: str, firsts: dict[str, set[str]] | None = None) -> str:
        """The key of the full name `name` stands for, or its own key."""
        key = name_key(name)
        parts = key.split()
        if len(parts) >= 2:
            for surname, owners in self.by_surname.items():
                if transposed(surname, parts[-1]):
                    same_first = [o for o in owners if o.split()[0] == parts[0]]
                    if len(same_first) == 1:
                        return same_first[0]
            return key
        owners = self.by_surname.get(key) or next((o for s, o in self.by_surname.items() if transposed(s, key)), set())
        if len(owners) == 1:
            return next(iter(owners))
        by_first = self.by_first if firsts is None else firsts
        candidates = by_first.get(key, set())
        return next(iter(candidates)) if len(candidates) == 1 else key


_CAPITALISED = re.compile(r"\b[A-Z][a-z]+")


def capitalised_names(text: str) -> frozenset[str]:
    """The case-folded words a text capitalises past its first letter ("Aurora", "Polis",
    "Venezuelan"): the names a statement mentions, which say who or where, not what
    happened. A sentence's first word is passed over only at the start of the text."""
    return frozenset(w.casefold() for w in _CAPITALISED.findall(text[1:]))
