"""Names: the words that make up a person's or an organisation's name, and how to
compare two of them. One place for the title lexicon, institution words and name
cleaning, read by the per-article extractors (speakers, quotes, mentions) and by the
story's identity resolution (`corroborate.align.identities`)."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import lru_cache

from nameparser import HumanName
from nameparser.config import CONSTANTS
from nicknames import NickNamer

# Abbreviated ranks and titles before a name ("Sgt. Lena Ortiz", "Det. Ruiz"): a name
# loses them (`clean_name`), and the tokenizer keeps each one token with its stop, as
# spaCy keeps "Mr." and "Gen." (`nlp.pipeline`), so that no sentence ends at "said Sgt.".
ABBREVIATED_TITLES = (
    "Sgt", "Lt", "Capt", "Col", "Cpl", "Maj", "Det", "Cmdr", "Insp", "Supt", "Pvt", "Ofc", "Spc", "Atty", "Amb", "Msgr",
)  # fmt: skip
# Of those, the ones that may stand without their stop and still be a title ("Lt Gen").
_UNDOTTED_TITLES = ("lt", "col", "sgt", "capt")
# Offices a name may follow that neither list below held at first ("Trustee Ivo Brandt"):
# both take them from here.
_MORE_OFFICES = (
    "trustee", "regent", "supervisor", "assemblyman", "assemblywoman", "assemblymember", "warden", "ambassador",
    "auditor", "comptroller", "controller", "treasurer", "clerk", "assessor", "coroner", "prosecutor",
    # ranks of police and the armed forces spelled out ("Trooper Ana Ruiz", "Lieutenant Ruiz")
    "trooper", "sergeant", "lieutenant", "corporal", "deputy", "patrolman", "patrolwoman",
)  # fmt: skip
_TITLES = re.compile(
    r"^(?:(?:mr|mrs|ms|dr|gov|sen|rep|gen|prof|rev|" + "|".join(_UNDOTTED_TITLES) + r")\.?|"
    r"(?:" + "|".join(t.casefold() for t in ABBREVIATED_TITLES if t.casefold() not in _UNDOTTED_TITLES) + r")\.|"
    r"mayor|governor|senator|president|"
    r"representative|congressman|congresswoman|councilwoman|councilman|councilmember|councillor|councilor|alderman|alderwoman|commissioner|chief|judge|sheriff|"
    r"officer|detective|secretary|marshal|fire marshal|harbou?r master|constable|inspector|superintendent|minister|"
    + "|".join(_MORE_OFFICES)
    + "|"
    # "Justice Halvorsen", not the "Justice Department" or a "Justice Reform Project"
    r"justice(?!\s+(?:department|ministry|league|cent(?:er|re)|project|institute|foundation|coalition|fund|alliance|"
    r"network|system|reform|for|of|and)\b))\s+",
    re.I,
)
_POSSESSIVE = re.compile(r"(?:['’]s|['’])$")
# The possessive ending of the word before, which the NER's span may open with: "the
# state’s Medicaid program" tagged "’s Medicaid".
_OWNERS_ENDING = re.compile(r"^['’]s\s+")
# What the NER's span may carry at a name's edges: quote marks and dashes of the text around it.
_EDGE_PUNCTUATION = " ,.;:-–—―'\"‘’“”"
# A name's words: letters and digits, with an apostrophe or hyphen inside ("O'Brien", "Ocasio-Cortez").
_NAME_WORD = re.compile(r"\w+(?:['’-]\w+)*")

# Words that make a name an institution's ("Aurora Police Department"), not a person's.
INSTITUTION_WORDS = frozenset(
    "police department office city county state council board court committee agency bureau university school "
    "company party administration government ministry house senate news services pac".split()
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
    "lieutenant": "lieutenant", "sergeant": "sergeant", "sgt.": "sergeant", "trooper": "trooper", "corporal": "corporal",
    "clerk": "clerk", "treasurer": "treasurer", "auditor": "auditor", "comptroller": "comptroller",
    "speaker": "speaker", "leader": "leader", "founder": "founder", "executive": "executive",
}  # fmt: skip
PRONOUN_GENDER = {"he": "m", "him": "m", "his": "m", "she": "f", "her": "f"}
FEMALE_WORDS = frozenset(
    "spokeswoman councilwoman chairwoman congresswoman businesswoman mrs. mrs ms. ms miss madam woman "
    "wife mother daughter sister widow girlfriend grandmother aunt niece".split()
)
MALE_WORDS = frozenset(
    "spokesman councilman chairman congressman businessman mr. mr sir man "
    "husband father son brother widower boyfriend grandfather uncle nephew".split()
)
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


# Words only a person's name comes after ("Mr. Goelman", "Rep. Tlaib", "Speaker Nancy
# Pelosi"): evidence that overrules an NER that called the name an organisation.
PERSONAL_TITLES = frozenset(
    "mr mr. mrs mrs. ms ms. miss dr dr. rep rep. sen sen. gov gov. representative senator congressman "
    "congresswoman speaker president secretary mayor governor".split()
)


def is_title(word: str) -> bool:
    """Whether a word is a title or office said before a name ("Representative", "Sgt.")."""
    return bool(_TITLES.match(f"{word} "))


def titled_person(title: str, name: str) -> bool:
    """`name` after the word `title` is a person's: a personal title before one to
    three capitalised words, none of which names an institution or an outlet."""
    words = name.split()
    return (
        title.casefold() in PERSONAL_TITLES
        and 1 <= len(words) <= 3
        and all(w[:1].isupper() for w in words)
        and not any(fold(w) in INSTITUTION_WORDS or fold(w) in MEDIA_WORDS for w in name_key(name).split())
    )


def clean_name(text: str) -> str:
    """A mention's name without titles, possessive endings, a leading "the" and edge punctuation."""
    name = " ".join(text.split())
    name = _POSSESSIVE.sub("", _OWNERS_ENDING.sub("", name))
    while _TITLES.match(name):
        name = _TITLES.sub("", name, count=1)
    name = re.sub(r"^the\s+", "", name, flags=re.I).strip(_EDGE_PUNCTUATION)
    return _without_title_phrase(name)


# The last word of a title a name may follow inside one NER span ("Toledo Mayor Terrence
# Hall", "Fire Chief Renee Calloway", "Senate Majority Leader Carlos Ibarra").
_TITLE_HEADS = frozenset(
    "mayor governor gov senator sen representative rep congressman congresswoman councilwoman councilman "
    "councilmember chief leader director secretary commissioner sheriff spokesman spokeswoman spokesperson "
    "speaker judge justice president attorney superintendent minister chairman chairwoman chair executive "
    "officer marshal inspector detective sergeant sgt captain capt lieutenant lt whip treasurer comptroller "
    "chancellor provost tem tempore moderator".split()  # ("Senate President Pro Tem Dwight Baumgartner")
) | frozenset(_MORE_OFFICES)


def _without_title_phrase(name: str) -> str:
    """A name of three words or more without the title phrase before it: everything up
    to the last title word, when two or three capitalised words remain (a person's
    name: "Secretary of State Ann Lee" keeps its "of State" and stays whole)."""
    words = name.split()
    if len(words) >= 3 and words[0] == "of" and all(w[:1].isupper() for w in words[1:]):
        return " ".join(words[-2:])  # ("Secretary of State Ann Lee", its title cut at "Secretary")
    if len(words) < 3:
        return name
    for cut in range(len(words) - 2, 0, -1):
        if words[cut - 1].casefold().rstrip(".") in _TITLE_HEADS:
            rest = words[cut:]
            if 2 <= len(rest) <= 3 and all(w[:1].isupper() for w in rest):
                return " ".join(rest)
            return name
    return name


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


def fold(text: str) -> str:
    """`text` case-folded and without accents ("José" -> "jose"): how two spellings of one name compare."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# A "Jr." or "Sr." names a son or father who bears the same name: another person.
# A numeral ("III") is part of one man's formal name and may be left out.
_GENERATIONS = frozenset(["jr", "sr"])
_NICKNAMES = NickNamer()


@dataclass(frozen=True)
class PersonName:
    """A person's name in its parts (folded keys; `middle` holds the middle names or
    initials, `suffix` "jr", "iii" or ""), as the `nameparser` package reads it."""

    title: str
    first: str
    middle: tuple[str, ...]
    last: str
    suffix: str

    @property
    def full(self) -> bool:
        """A first name and a surname: a name that can stand for a person on its own."""
        return bool(self.first and self.last)


def _key_words(text: str) -> list[str]:
    return name_key(fold(text)).split()


# A name of two plain capitalised words that are no title, particle, conjunction or suffix
# the parser knows: a first name and a surname, read without the parser.
_PLAIN_TWO_WORDS = re.compile(r"^[A-Z][a-z]+ [A-Z][a-z]+$")
_PARSER_WORDS = frozenset(
    w.casefold()
    for group in (
        CONSTANTS.titles,
        CONSTANTS.prefixes,
        CONSTANTS.conjunctions,
        CONSTANTS.suffix_acronyms,
        CONSTANTS.suffix_not_acronyms,
    )
    for w in group
)


@lru_cache(maxsize=65536)
def parse_person(name: str) -> PersonName:
    """The parts of a person's name ("Robert S. Mueller III": robert, (s,), mueller, iii).
    A lone word is a surname or a first name (`first` empty, `last` the word): which one,
    only the other names of its scope can tell. Cached: a story repeats its names."""
    words = _key_words(name)
    if len(words) < 2:
        return PersonName("", "", (), " ".join(words), "")
    if _PLAIN_TWO_WORDS.match(name) and not _PARSER_WORDS.intersection(name.casefold().split()):
        return PersonName("", words[0], (), words[1], "")  # "Jared Polis": what the parser gives, 40 times faster
    try:
        parsed = HumanName(name)
        title, first, middle, last, suffix = parsed.title, parsed.first, parsed.middle, parsed.last, parsed.suffix
    except Exception:  # a parser's slip on odd text must not abort a story
        title, first, middle, last, suffix = "", "", "", "", ""
    first_words, last_words = _key_words(first), _key_words(last)
    if not last_words:
        # Text the parser could not read: the words as written, the surname last.
        return PersonName("", words[0], tuple(words[1:-1]), words[-1], "")
    if not first_words:
        return PersonName(title, "", (), " ".join(last_words), "")  # "de Blasio": a surname alone
    return PersonName(
        title=fold(title),
        first=" ".join(first_words),
        middle=tuple(_key_words(middle)),
        last=" ".join(last_words),
        suffix="".join(_key_words(suffix)),
    )


def same_first_name(a: str, b: str) -> bool:
    """One first name, or one the other's nickname in the curated `nicknames` data
    ("Chris" / "Christopher", "Bill" / "William"). Two nicknames of one name are not
    enough ("Chris" and "Kris" may be two people)."""
    if a == b:
        return True
    if not a or not b:
        return False
    return b in _NICKNAMES.nicknames_of(a) or a in _NICKNAMES.nicknames_of(b)


def _middles_agree(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Middle names agree when one form leaves them out, or each pair is one name or
    its initial ("John A. Smith" / "John Smith" / "John Adam Smith", not "John B. Smith")."""
    if not a or not b:
        return True
    if len(a) != len(b):
        return False
    return all(
        x == y or (len(x) == 1 and y.startswith(x)) or (len(y) == 1 and x.startswith(y)) for x, y in zip(a, b, strict=True)
    )


def same_person(a: PersonName, b: PersonName, *, last: bool = True) -> bool:
    """Two full names that may be one person's: one surname (unless `last` is False:
    the caller has matched a misspelt one), first names one name or its nickname,
    middle names that agree, and no "Jr." on one that the other lacks."""
    if not (a.full and b.full) or (last and a.last != b.last):
        return False
    if (a.suffix in _GENERATIONS or b.suffix in _GENERATIONS) and a.suffix != b.suffix:
        return False
    if a.suffix and b.suffix and a.suffix != b.suffix:
        return False
    return same_first_name(a.first, b.first) and _middles_agree(a.middle, b.middle)


def _display_name(form: str, parsed: PersonName) -> str:
    """A form without the title the parser found before it ("Representative Ana Lund")."""
    words = form.split()
    if parsed.title and len(words) > 2 and fold(words[0]).rstrip(".") == parsed.title.split()[0].rstrip("."):
        return " ".join(words[1:])
    return form


class FullNames:
    """The full names (a first name and a surname) of an article or a story, grouped
    into one identity per person, and the identity a partial or misspelt name stands
    for: the resolver both scopes share.

    Full names are one person's when `same_person` says so: "John A. Boehner" and
    "John Boehner", "Chris Wray" and "Christopher A. Wray", "José Díaz" and "Jose
    Diaz"; or when one surname is the other's misspelling by two swapped letters
    and the first names agree ("Danielle Jurinksy"). A form that fits two identities
    ("John Smith" beside "John A. Smith" and "John B. Smith") joins neither. A lone
    word stands for the one identity with that surname (or that surname misspelt so),
    else for the one with that first name (`firsts`: the first names in scope, which a
    story keeps per article). Two people sharing a surname stay apart unless a first
    name says which.

    An identity's display name is its form the most mentions use (a headline's
    capitals never); ties go to the fuller form (more words), then to the first met."""

    def __init__(self, names: Iterable[str]) -> None:
        counts: Counter[str] = Counter()
        forms: dict[str, Counter[str]] = {}  # key -> forms as written
        for name in names:
            key = name_key(name)
            if len(key.split()) < 2:
                continue
            counts[key] += 1
            forms.setdefault(key, Counter())[name] += 1
        parsed = {key: parse_person(next(iter(forms[key]))) for key in forms}
        self.identity: dict[str, str] = {}  # member key -> its identity's key
        self.display: dict[str, str] = {}  # identity key -> the name shown
        self.by_surname: dict[str, set[str]] = {}
        self.by_first: dict[str, set[str]] = {}
        self._parsed: dict[str, PersonName] = {}  # identity key -> its fullest parse
        self._anagrams: dict[str, set[str]] = {}  # a surname's sorted letters -> surnames
        blocks: dict[str, list[str]] = {}
        for key, person in parsed.items():
            if person.full:
                blocks.setdefault(person.last, []).append(key)
        for surname, keys in _join_misspelt(blocks):
            for members in self._identities(keys, parsed):
                self._add(members, forms, parsed, surname)

    def _identities(self, keys: list[str], parsed: dict[str, PersonName]) -> list[list[str]]:
        """The keys of one surname block grouped into people: the most specific forms
        first, each later form joining the one identity it fits every member of."""
        order = sorted(keys, key=lambda k: (-len(parsed[k].middle), -len(parsed[k].first), k))
        groups: list[list[str]] = []
        for key in order:
            fits = [g for g in groups if all(same_person(parsed[key], parsed[m], last=False) for m in g)]
            if len(fits) == 1:
                fits[0].append(key)
            else:
                groups.append([key])
        return groups

    def _add(self, members: list[str], forms: dict[str, Counter[str]], parsed: dict[str, PersonName], surname: str) -> None:
        written: Counter[str] = Counter()
        first_seen: dict[str, int] = {}
        for key in members:
            for form, n in forms[key].items():
                written[form] += n
                first_seen.setdefault(form, len(first_seen))
        best = max(written, key=lambda f: (not f.isupper(), written[f], len(f.split()), -first_seen[f]))
        shown = _display_name(best, parsed[name_key(best)])
        identity = name_key(shown) if name_key(shown) in members else name_key(best)
        self.display[identity] = shown
        self._parsed[identity] = max((parsed[k] for k in members), key=lambda p: (len(p.middle), len(p.first)))
        for key in members:
            self.identity[key] = identity
            person = parsed[key]
            for word in {person.last, person.last.split()[-1], surname}:
                self.by_surname.setdefault(word, set()).add(identity)
                self._anagrams.setdefault("".join(sorted(word)), set()).add(word)
            self.by_first.setdefault(person.first, set()).add(identity)

    def key_of(self, name: str, firsts: dict[str, set[str]] | None = None) -> str:
        """The key of the identity `name` stands for, or its own key."""
        key = name_key(name)
        if key in self.identity:
            return self.identity[key]
        person = parse_person(name)
        if person.full:
            # A form met elsewhere (another article): the one identity it fits.
            fits = {
                identity
                for identity in self.by_surname.get(person.last, set()) | self._misspelt(person.last)
                if same_person(person, self._parsed[identity], last=False)
            }
            return next(iter(fits)) if len(fits) == 1 else key
        if len(key.split()) != 1:
            owners = self.by_surname.get(person.last, set())
            return next(iter(owners)) if len(owners) == 1 else key
        word = fold(key)
        owners = self.by_surname.get(word) or self._misspelt(word)
        if (owner := self._bare_surname_owner(owners)) is not None:
            return owner
        by_first = self.by_first if firsts is None else firsts
        candidates = by_first.get(word, set())
        return next(iter(candidates)) if len(candidates) == 1 else key

    def _misspelt(self, surname: str) -> set[str]:
        """The identities of the one surname `surname` misspells by two swapped letters."""
        candidates = self._anagrams.get("".join(sorted(surname)), ())
        return next((self.by_surname[s] for s in candidates if transposed(s, surname)), set())

    def _bare_surname_owner(self, owners: set[str]) -> str | None:
        """The one of `owners` a bare surname means. A "Jr." or "Sr." is named in full to
        tell him from his father or son, so a bare surname is never his: "Trump" beside
        "Donald Trump Jr." alone names no one known, beside "Donald Trump" too the father."""
        plain = [o for o in owners if self._parsed[o].suffix not in _GENERATIONS]
        if len(plain) != 1:
            return None
        first = self._parsed[plain[0]].first
        return plain[0] if all(self._parsed[o].first == first for o in owners) else None


def _join_misspelt(blocks: dict[str, list[str]]) -> list[tuple[str, list[str]]]:
    """Surname blocks, each joined with the blocks of its misspellings by two swapped
    letters (anagrams of one length: compared only within their own bucket)."""
    buckets: dict[str, list[str]] = {}
    for surname in blocks:
        buckets.setdefault("".join(sorted(surname)), []).append(surname)
    joined: list[tuple[str, list[str]]] = []
    for surnames in buckets.values():
        done: set[str] = set()
        for surname in surnames:
            if surname in done:
                continue
            family = [s for s in surnames if s == surname or transposed(s, surname)]
            done.update(family)
            main = max(family, key=lambda s: len(blocks[s]))
            joined.append((main, [k for s in family for k in blocks[s]]))
    return joined


_CAPITALISED = re.compile(r"\b[A-Z][a-z]+")


def capitalised_names(text: str) -> frozenset[str]:
    """The case-folded words a text capitalises past its first letter ("Aurora", "Polis",
    "Venezuelan"): the names a statement mentions, which say who or where, not what
    happened. A sentence's first word is passed over only at the start of the text."""
    return frozenset(w.casefold() for w in _CAPITALISED.findall(text[1:]))


# Words a country's own bodies put before their names: "U.S. Fish and Wildlife Service".
_NATIONAL_PREFIXES = ("u s ", "us ", "united states ")
# Words too small to give an acronym its letters ("Department of Justice" is "DoJ").
_SMALL_WORDS = frozenset("of and the for on in at to".split())
# Words that make an organisation's name a news outlet's ("Fox News", "The Washington Post").
MEDIA_WORDS = frozenset(
    "news post times journal tribune herald gazette network channel radio tv magazine press daily chronicle "
    "broadcasting television wire".split()
)
# Masthead words a paper is called by on second reference ("The Post", "the Times",
# "the Ledger"): general knowledge of newspapers' names.
MASTHEAD_WORDS = frozenset(
    "Post Times Journal Tribune Herald Guardian Telegraph Globe Sun Star Mail Independent Express Chronicle Gazette "
    "Courier Ledger Record Examiner Inquirer Observer Register Standard Mirror Bulletin Dispatch Enquirer Courant "
    "Constitution Oregonian Plain Beacon Bee Republic Sentinel Statesman Eagle Free".split()
)
_PARENT_POSSESSIVE = re.compile(r"^(\S+)['’]s\s+(.+)$")


@lru_cache(maxsize=1 << 15)  # bounded: names of hostile text; a story compares each name many times
def organisation_key(name: str) -> str:
    """An organisation's comparison key, the same for the forms one body is named by:
    accents folded, "&" read as "and", without a leading "the" or "U.S.", a parent's
    possessive ("the bureau's Office of X", "FBI's Office of X") or an acronym's dots
    ("F.B.I."), and "Department of (the) X" read as "X Department"."""
    key = _organisation_words(name)
    words = key.split()
    if len(words) >= 2 and all(len(w) == 1 for w in words):
        return "".join(words)  # "f b i": an acronym spelt with dots
    if (of := re.match(r"^(department|ministry) of (?:the )?(.+)$", key)) is not None:
        return f"{of.group(2)} {of.group(1)}"
    return key


def _organisation_words(name: str) -> str:
    name = re.sub(r"^the\s+", "", " ".join(name.split()), flags=re.I)
    if (parent := _PARENT_POSSESSIVE.match(name)) and len(parent.group(2).split()) >= 2:
        word = parent.group(1)
        if word[:1].islower() or word.replace(".", "").isupper():
            name = parent.group(2)
    key = name_key(fold(name.replace("&", " and ")))
    key = re.sub(r"^the ", "", key)
    for prefix in _NATIONAL_PREFIXES:
        if key.startswith(prefix) and len(key) > len(prefix):
            key = key[len(prefix) :]
            break
    return re.sub(r"^the ", "", key)


def acronyms_of(name: str) -> set[str]:
    """The acronyms (three letters or more) an organisation's name could go by: the
    initials of all its words, and of all but the small ones ("Federal Bureau of
    Investigation": "fboi", "fbi"; "Department of Justice": "doj", "dj"), with a
    hyphenated word's parts as words or not."""
    words = _organisation_words(name).split()
    # (a hyphenated word's parts may each give a letter: "World Anti-Doping Agency", WADA)
    parts = [part for w in words for part in w.split("-") if part]
    found = {"".join(w[0] for w in group if w not in small) for group in (words, parts) for small in (frozenset(), _SMALL_WORDS)}
    return {a for a in found if len(a) >= 3} if len(words) >= 2 else set()
