"""Quantities normalised to ranges: "several buildings" -> min 3, max open; "at least two" -> min 2;
"more than 40,000" -> min 40,001; "8million crossings" -> 8,000,000; "about 40,000" -> approximate;
shares as percents: "one in five" -> 20, "two-thirds of voters" -> 66.7, "more than half" -> min 50.

Works on the text with a regular expression anchored on numbers, number words and
vague quantifiers, so it needs no parse; the unit is the noun that follows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from corroborate.model import Quantity
from corroborate.nlp.lexicon import MONTHS, REPORTING_FORMS, REPORTING_VERBS

_UNITS_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "a dozen": 12, "dozen": 12,
}  # fmt: skip
_ONES = "|".join(w for w, n in _UNITS_WORDS.items() if 1 <= n <= 9)
_TENS = "|".join(w for w, n in _UNITS_WORDS.items() if 20 <= n <= 90)
_TEENS = "|".join(w for w, n in _UNITS_WORDS.items() if 10 <= n <= 19 and "dozen" not in w)
_UNDER_100 = rf"(?:(?:{_TENS})(?:[-\s](?:{_ONES})\b)?|{_TEENS}|{_ONES}|zero)"
# Spelled numbers: "twenty-five", "two hundred", "one hundred and fifty", "a dozen"
# (a scale word after one is read with it: "three thousand").
_SPELLED = rf"(?:(?:a|{_ONES})\s+hundred(?:\s+(?:and\s+)?{_UNDER_100})?|hundred|(?:{_ONES})\s+dozen|{_UNDER_100}|half\s+a\s+dozen|(?:a\s+)?half[\s-]dozen|a\s+dozen|dozen|half\s+a(?=\s+(?:thousand|million|billion)))"
_SCALES = {
    "thousand": 1_000,
    "million": 1_000_000,
    "billion": 1_000_000_000,
    "trillion": 1_000_000_000_000,
    "k": 1_000,
    "m": 1_000_000,
    "bn": 1_000_000_000,
}
# Vague quantifiers: (min, max); None is an open end.
_VAGUE = {
    "several": (3, None), "a few": (2, 5), "few": (2, 5), "a couple of": (2, 2), "a couple": (2, 2),
    "a handful of": (2, 5), "dozens of": (24, None), "dozens": (24, None), "scores of": (40, None),
    "hundreds of": (200, None), "hundreds": (200, None), "thousands of": (2000, None), "thousands": (2000, None),
    "tens of thousands of": (20_000, None), "hundreds of thousands of": (200_000, None),
    "millions of": (2_000_000, None), "tens of millions of": (20_000_000, None), "many": (3, None),
    "multiple": (2, None), "numerous": (3, None),
}  # fmt: skip
_CURRENCIES = {"$": "dollars", "£": "pounds", "€": "euros"}
# Units that say how a figure is counted, not what: money and shares.
GENERIC_UNITS = frozenset([*_CURRENCIES.values(), "percent"])
# Words that only state a figure ("three", "dozens", "million"): not what is counted.
NUMBER_WORDS = frozenset(w for phrase in (*_UNITS_WORDS, *_SCALES, *_VAGUE) for w in phrase.split()) - {"a", "of"}
_NUMBER = r"(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
_SCALE = r"(?:\s*(?:thousand|million|billion|trillion)|(?:k|m|bn)\b)"
# A currency sign, with the country some papers name ("US$5 million", "$US1 million", "A$3").
_SIGN = r"(?:US|AU|A|C|NZ|HK|S)?(?P<symbol>[$£€])(?:US|AU|A|C)?"
_VALUE = rf"(?:{_NUMBER}|{_SPELLED}\b)(?:\s*-?\s*{_SCALE})?"
_MORE = r"(?:heavier|larger|bigger|longer|older|higher|greater|taller|wider|faster) than"  # as "more than"
_LESS = r"(?:lighter|smaller|shorter|younger|lower|slower|narrower) than"  # as "less than"
# Strict bounds: "more than N" is stored as N + 1, "fewer than N" as N - 1 (a whole N).
_STRICT_MORE = rf"(?:more than|over|upwards of|in excess of|north of|{_MORE})"
_STRICT_LESS = rf"(?:fewer than|less than|under|south of|{_LESS})"
_LOWER = rf"(?:{_MORE}|{_LESS}|at least|no more than|not more than|more than|over|upwards of|no fewer than|no less than|in excess of|north of|south of|nearly|almost|about|around|roughly|approximately|some|up to|at most|fewer than|less than|under|as many as|an estimated)"
# A hyphen makes a range between digits only ("25-30", not "twenty-five"), and "and"
# not after "hundred" ("one hundred and fifty" is one number).
_RANGE = rf"(?:between\s+)?(?P<a>{_VALUE})(?:(?<=\d)\s*-\s*|\s*–\s*|\s+to\s+|(?<!hundred)\s+and\s+)(?:[$£€]\s?)?(?P<b>{_VALUE})"
# "buildings", "apartment complexes", "armed men", "AK-47 assault rifles" (a model
# name before what is counted, however a feed spaces it: "AK 47 rifles", "AK - 47
# rifles"), "AK-47s".
_MODEL = r"(?:[a-z]{1,4}-?\d+|(?-i:[A-Z]{1,4})(?:\s?-\s?|\s)\d+)"  # "AK-47", "AK 47", "AK - 47"; not "to 41"
_UNIT = (
    rf"(?P<unit>{_MODEL}s\b(?!\s+[a-z])|"  # "seven AK-47s"
    rf"(?:{_MODEL}[a-z]?\s+)?[a-z][a-z-]*[a-z](?:\s+(?:[a-z][a-z-]+s|people|men|women|children)\b)?)"
)
_PATTERN = re.compile(
    rf"(?<![\w.])(?:(?P<mod>{_LOWER})\s+)?(?P<currency>{_SIGN}\s?)?"
    rf"(?:{_RANGE}|(?P<vague>{'|'.join(sorted(map(re.escape, _VAGUE), key=len, reverse=True))})|(?P<v>{_VALUE}))"
    rf"(?P<plus>\+|-plus\b)?(?P<percent>\s?%|\s+per\s?cent\b)?"
    rf"(?:(?:\s+(?:of\s+)?(?:(?:the|those|these|its|their)\s+)?|\x20[\"“]|-(?=[a-z]))(?!\d){_UNIT})?",
    re.I,
)
_NOT_UNITS = frozenset(
    "and or of the a an to in on at by for with without from into over under per than as that which who whom is are was "
    "were be been has have had its their his her our this these those each every more less them us you it we they "
    "said say says told last next this after before since until during while when where".split()
)
# Idioms where "one" counts nothing ("one another", "no one", "one way or the other",
# "at one point", "on the one hand", "one-on-one").
_ONE_IDIOM = re.compile(
    r"\b(?:no\s+one|one\s+another|one[\s-]+on[\s-]+one|one\s+way\s+or|at\s+one\s+point|the\s+one\s+hand)\b", re.I
)
# Units of a measure (length, weight, volume, area, speed, temperature), not a
# count of whole things: a strict bound on one moves no step.
_MEASURES = frozenset(
    "inch inches foot feet mile miles meter meters metre metres kilometer kilometers kilometre kilometres yard yards "
    "pound pounds ton tons tonne tonnes ounce ounces gallon gallons liter liters litre litres barrel barrels "
    "acre acres hectare hectares degree degrees knot knots mph percentage".split()
)
_IRREGULAR_PLURALS = frozenset("people men women children police staff cattle".split())
_YEARISH = re.compile(r"^(1[89]|20)\d\d$")
_RATIO = re.compile(rf"\b(?:{_SPELLED}|\d+)[\s-]+(?:in|out[\s-]+of)[\s-]+$", re.I)
# A number joined to letters before it ("AK-47", "F-35", "COVID-19"), one part of
# "9/11" or "24/7", or a number after a name ("Boeing 737", "Flight 370", "Jan. 25",
# dates being the date finder's) names a thing, not a count.
_MODEL_BEFORE = re.compile(r"(?:[A-Za-z]-|\d\s?/\s?|[A-Z][\w]*\.?\s)$")
# A figure before these words names a calibre or gauge ("a .38-caliber revolver", "a
# 12-gauge shotgun"); an emergency number before these, the number to call ("a 911
# caller", "three 911 calls").
_BORE_UNITS = frozenset("caliber calibre gauge".split())
_EMERGENCY_NUMBERS = frozenset(["911", "999", "112"])
_CALL_WORDS = frozenset(
    "call calls caller callers dispatcher dispatchers operator operators center centre system line tape tapes".split()
)
_MODEL_AFTER = re.compile(r"\s?/\s?\d")  # "9/11", and "12 / 16 / 08" as some feeds space a date
# Words that start a sentence before a count ("In 40 years", "All 12 passengers"); any
# other capitalised word before a number names it ("Flight 370").
_LEADING_WORDS = frozenset(
    "in on at by for with from after before within over under since until during only just another all the some "
    "and but or of its their his her our these those those nearly almost exactly roughly another every "
    "a an both each either neither first last next then such few many most several more less also even still".split()
)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\"“(]\s*|\n\s*)$")
_ORDINAL = re.compile(r"(?:st|nd|rd|th)\b", re.I)
_CLOCK = re.compile(r"\s?(?:[ap]\.\s?m\.|[ap]m\b|o['’]clock\b)", re.I)
_AFTER_COLON = re.compile(r"\d:\s?$")
_CONVERTED = re.compile(rf"{_SIGN}\s?{_NUMBER}{_SCALE}?\s*\($", re.I)
_MM = re.compile(r"mm\b", re.I)
_APPROXIMATE = frozenset(["nearly", "almost", "about", "around", "roughly", "approximately", "some", "an estimated"])
_RATIO_AFTER = re.compile(rf"[\s-]+(?:in|out[\s-]+of)[\s-]+(?P<of>{_NUMBER}|(?:{_SPELLED})\b)", re.I)


_SCALED = re.compile(r"^(?P<n>.+?)\s*-?\s*(?P<s>thousand|million|billion|trillion|k|m|bn)$")
# Fractions of a whole ("two-thirds of voters", "a quarter of the budget", "half of
# all states"): a share, stated as the percent it is, like "one in three". Only before
# "of" (or "half the"): "a third term", "a quarter century" count nothing.
_DENOMINATORS = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4,
    "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "eighth": 8, "eighths": 8, "tenth": 10, "tenths": 10,
}  # fmt: skip
_NUMERATOR = rf"(?P<part>a|an|{_ONES})[\s-]+(?P<den>{'|'.join(sorted(_DENOMINATORS, key=len, reverse=True))})"
# Words before "half" that make it a part of a time or a range, no share ("the
# first half of the year", "the top half of earners", "a decade and a half of").
_PERIOD_HALF = frozenset("the a first second top bottom latter former other back front upper lower last and".split())
_WORD_BEFORE = re.compile(r"(\w+)\s+$")
# A fraction of a measure, not of a whole: "a quarter of a century", "one-half of 1
# percent" (0.5 percent, not 50): no share, and no figure at all (not "one" of "one-half").
_A_MEASURE = rf"\s+(?:an?\b|\d|(?:{_ONES}|ten|twenty|hundred)\b)"
_NOT_OF_A_MEASURE = rf"(?!{_A_MEASURE})"
_FRACTION_OF_MEASURE = re.compile(rf"(?<![\w.-])(?:{_NUMERATOR}|half)(?=\s+of{_A_MEASURE})", re.I)
_FRACTION = re.compile(
    rf"(?<![\w.-])(?:(?P<mod>{_LOWER})\s+)?(?:{_NUMERATOR}(?=\s+of\b{_NOT_OF_A_MEASURE})|(?P<half>half)(?=\s+(?:of|the)\b{_NOT_OF_A_MEASURE}))",
    re.I,
)


def _spelled(text: str) -> float | None:
    """ "twenty-five" / "one hundred and fifty" / "a dozen" / "half a dozen" / "half a" -> a number, or None."""
    if text == "half a":
        return 0.5
    if text.startswith("half a "):
        rest = _spelled(text[len("half a ") :])
        return None if rest is None else rest / 2
    if re.fullmatch(r"(?:a\s+)?half[\s-]dozen", text) is not None:
        return 6.0  # ("a half-dozen")
    total = 0
    for word in re.split(r"[\s-]+", text):
        if word in ("hundred", "dozen"):
            total = max(total, 1) * _UNITS_WORDS[word]
        elif word in _UNITS_WORDS:
            total += _UNITS_WORDS[word]
        elif word not in ("a", "and"):
            return None
    return float(total)


def number_value(text: str) -> float | None:
    """12 / 40,000 / 2.5 / three / twenty-five / 8million / 10 million / 5k / half a million -> a number, or None."""
    text = text.strip().casefold()
    scale = 1
    if (scaled := _SCALED.match(text)) is not None:
        text, scale = scaled.group("n"), _SCALES[scaled.group("s")]
    text = text.replace(",", "")
    try:
        return float(text) * scale
    except ValueError:
        pass
    value = _spelled(text)
    return None if value is None else value * scale


def _clean(value: float | None) -> float | None:
    return None if value is None else (int(value) if float(value).is_integer() else value)


# A plural noun, lower case: "boats", "fishermen", "people".
_PLURAL = re.compile(r"[a-z][a-z-]*(?:[^s]s|men)|people|children")
_WORDS_ON = re.compile(r"(?:\s+(?P<mid>[a-z][a-z-]*[a-z]))?\s+(?P<noun>[a-z][a-z-]*[a-z])\b")


# A name before the counted noun: "two dozen Keck Industrial Supply employees".
_NAME_THEN_NOUN = re.compile(r"(?:(?:\s+[A-Z][\w.&’'-]*){1,3}|['’]s)\s+(?P<noun>[a-z][a-z-]+)\b")


def _with_head_noun(text: str, start: int, unit: str) -> str:
    """A one-word unit that is no plural noun, read on to a plural noun one or two
    words on ("22 Yemeni fishermen", "two Yemeni fishing boats", not "two Yemeni";
    "three small fishing boats"), when no function word comes between; a capitalised
    one opening a name of up to four words before a plural noun is that noun ("41 Keck
    Industrial Supply employees": employees), also as a possessor ("five of Crestline's
    campuses": campuses)."""
    if unit[:1].isupper() and (named := _NAME_THEN_NOUN.match(text, start + len(unit))) is not None:
        noun = named.group("noun")
        if noun not in _NOT_UNITS and _PLURAL.fullmatch(noun):
            return noun
    found = _WORDS_ON.match(text, start + len(unit))
    if found is None:
        return unit
    mid, noun = found.group("mid"), found.group("noun")
    if mid is None or _PLURAL.fullmatch(mid):
        word, end = (noun, found.end()) if mid is None else (mid, found.end("mid"))
        return text[start:end] if word not in _NOT_UNITS and _PLURAL.fullmatch(word) else unit
    if mid not in _NOT_UNITS and noun not in _NOT_UNITS and _PLURAL.fullmatch(noun):
        return text[start : found.end()]
    return unit


@lru_cache(maxsize=1 << 16)  # bounded: words of hostile text
def _verb_form(word: str) -> bool:
    """A verb and nothing else ("3,000 died", "five fled", "31 remain"): what follows a
    figure then says what the counted did, not what they are."""
    from lemminflect import getAllLemmas

    lemmas = getAllLemmas(word)
    if set(lemmas) != {"VERB"}:
        return False
    # A base form too: a verb agreeing with a plural count ("31 remain in effect").
    return not REPORTING_VERBS & set(lemmas["VERB"])  # "one added", "two say": a speaker, not a count


def _plural_noun(word: str) -> bool:
    """A reporting verb's -s form that is also a plural noun: after a figure, what is
    counted ("the 37 states", "two reports", "1,862 emails"), not what the counted said."""
    from lemminflect import getAllLemmas

    return word.endswith("s") and "NOUN" in getAllLemmas(word)


def _names_a_thing(text: str, match: re.Match[str]) -> bool:
    """A model, product or event name ("AK-47", "Boeing 737", "9/11"), not a count.
    A capitalised word starting a sentence ("In 40 years") names nothing."""
    if match.group("mod") or match.group("currency") or match.group("percent") or not match.group(0)[:1].isdigit():
        return False
    figure_end = max(match.end(g) for g in ("b", "vague", "v") if match.group(g))
    if _MODEL_AFTER.match(text, figure_end):
        return True
    before = text[max(0, match.start() - 20) : match.start()]
    found = _MODEL_BEFORE.search(before)
    if found is None:
        return False
    if found.group(0)[:1].isupper() and " " in found.group(0):
        word_start = max(0, match.start() - 20) + found.start()
        starts = _SENTENCE_START.search(text[max(0, word_start - 3) : word_start])
        return not (starts and found.group(0).strip().rstrip(".").casefold() in _LEADING_WORDS)
    return True


def _names_by_unit(match: re.Match[str], unit: str | None) -> bool:
    """A calibre or gauge, or an emergency number to call, named by the word after the figure."""
    word = unit.split()[0].casefold() if unit else ""
    if word in _BORE_UNITS:
        return True
    return word in _CALL_WORDS and (match.group("v") or "").strip() in _EMERGENCY_NUMBERS


def _shared_scale(first: str, second: str, low: float, high: float) -> float:
    """ "2 to 3 million", "$140-$150 million": the second figure's scale word is the
    first's too, when the first has none and scaled it stays below the second."""
    scaled = _SCALED.match(second.strip())
    if scaled is None or _SCALED.match(first.strip()) is not None:
        return low
    factor = _SCALES[scaled.group("s").casefold()]
    return low * factor if low * factor <= high else low


_YEAR = re.compile(r"(?:19|20)\d\d")


def _ratio_after(text: str, match: re.Match[str], figure_end: int) -> re.Match[str] | None:
    """ "1 in 4", "one out of ten": the words after the first figure giving the whole
    it is a share of; None for "160,000 in 2000" (more than what follows: a count and a year)."""
    found = _RATIO_AFTER.match(text, figure_end)
    if found is None:
        return None
    if _YEAR.fullmatch(found.group("of")):
        return None  # ("rose to 42 in 2024": a count and its year)
    first = number_value(match.group("v") or match.group("b") or "")
    of = number_value(found.group("of"))
    return found if first is None or of is None or first < of else None


def _share(text: str, match: re.Match[str], whole: re.Match[str]) -> Quantity | None:
    """A share told as "one in three" or "two out of three": the percent it states, so
    that "a one-in-three chance" and "a 1 in 3 chance" (or "33 percent") are one figure;
    None when its parts are not one plain figure each."""
    part = number_value(match.group("v") or "")
    of = number_value(whole.group("of"))
    if match.group("v") is None or match.group("currency") or part is None or not of:
        return None
    start = match.start("mod") if match.group("mod") else match.start("v")
    mod = (match.group("mod") or "").casefold()
    percent = _clean(round(100 * part / of, 1))
    low, high = _bounded(mod, percent, percent, step=0)  # ("more than one in five": above 20)
    return Quantity(
        text=text[start : whole.end()],
        start=start,
        end=whole.end(),
        min=low,
        max=high,
        unit="percent",
        approximate=mod in _APPROXIMATE,
    )


def _bounded(mod: str, low: float | None, high: float | None, step: int) -> tuple[float | None, float | None]:
    """The range a bound word leaves a figure: "at least" opens its top, "up to" its
    bottom; a strict bound ("more than N", "fewer than N") moves a whole count by
    `step` (stored as N + 1 or N - 1)."""
    if mod in ("at least", "no fewer than", "no less than"):
        return low, None
    if re.fullmatch(_STRICT_MORE, mod):
        return (low + step if low is not None and float(low).is_integer() else low), None
    if mod in ("up to", "at most", "as many as", "no more than", "not more than"):
        return None, high
    if re.fullmatch(_STRICT_LESS, mod):
        return None, (high - step if high is not None and float(high).is_integer() else high)
    return low, high


def _fractions(text: str, start: int, end: int) -> Iterator[Quantity]:
    """ "two-thirds of voters", "nearly half of the states", "more than a quarter of
    the budget": the percent of the whole each states ("more than half": above 50)."""
    for match in _FRACTION.finditer(text, start, end):
        if match.group("half") or match.group("den").casefold() in ("half", "halves"):
            before = _WORD_BEFORE.search(text, max(0, match.start() - 12), match.start())
            if (match.group("part") or "").casefold() in ("a", "an") or (before and before.group(1).casefold() in _PERIOD_HALF):
                continue  # "the first half of 2015", "a decade and a half of": a stretch of time, no share
        if match.group("half"):
            part, whole = 1.0, 2
        else:
            word = match.group("part").casefold()
            part, whole = (
                (1.0 if word in ("a", "an") else float(_UNITS_WORDS[word])),
                _DENOMINATORS[match.group("den").casefold()],
            )
        if part >= whole:
            continue  # "four quarters of growth": no share
        percent = _clean(round(100 * part / whole, 1))
        mod = (match.group("mod") or "").casefold()
        low, high = _bounded(mod, percent, percent, step=0)  # (a share is no whole count: "more than half" is above 50)
        yield Quantity(
            text=match.group(0), start=match.start(), end=match.end(), min=low, max=high, unit="percent",
            approximate=mod in _APPROXIMATE,
        )  # fmt: skip


def find_quantities(text: str, start: int = 0, end: int | None = None) -> Iterator[Quantity]:
    """Quantities in text[start:end], with offsets into `text`, in reading order."""
    end = len(text) if end is None else end
    fractions = list(_fractions(text, start, end))
    tallies = list(_tallies(text, start, end))
    # ("two" of "two-thirds" is read with its share; "one" of "one-half of 1 percent" with nothing)
    skip = [(f.start, f.end) for f in fractions]
    skip += [(m.start(), m.end()) for m in _FRACTION_OF_MEASURE.finditer(text, start, end)]
    yield from sorted([*fractions, *tallies, *_counts(text, start, end, skip)], key=lambda q: q.start)


# A vote's tally ("passed 61 to 37", "a 5-4 ruling", "voted 6-3"): one figure, the votes
# for, of unit "tally", so "61 to 37" and "64-34" are one measure; its two counts are
# read too. A sentence about a vote only, and no range ("from 16 to 20", "10 to 15 percent").
_TALLY = re.compile(
    r"(?<![\w$.,-])(?P<a>\d{1,3})\s*(?:-|–|to)\s*(?P<b>\d{1,3})(?![\w%-]|[.,]\d|\s*(?:percent|per\s+cent|points?|"
    r"years?|months?|weeks?|days?|hours?|minutes?|miles?|cents?|dollars?|million|billion|thousand|a\.m\.|p\.m\.|am\b|pm\b|of\b))"
)
_VOTE_WORDS = re.compile(
    r"\b(?:vot(?:e|es|ed|ing)|passed|pass(?:es|ing)?|approv(?:e|ed|es|al)|reject(?:ed|s)?|defeat(?:ed|s)?|confirm(?:ed|s)?|"
    r"tally|margin|rul(?:ed|ing)|decision|ballots?|roll\s+call|override)\b",
    re.I,
)
_RANGE_BEFORE = re.compile(r"\b(?:from|between|ages?|aged|of)\s+$", re.I)
_TALLY_WINDOW = 300


def _tallies(text: str, start: int, end: int) -> Iterator[Quantity]:
    """The vote tallies of text[start:end] (`_TALLY`), each in a sentence about a vote."""
    for match in _TALLY.finditer(text, start, end):
        a, b = int(match.group("a")), int(match.group("b"))
        if a < b or _RANGE_BEFORE.search(text, max(0, match.start() - 10), match.start()):
            continue  # ("10 to 15", "from 16 to 20"): a range
        # (its sentence, read within _TALLY_WINDOW characters either side: no scan of the article)
        low, high = max(0, match.start() - _TALLY_WINDOW), min(len(text), match.end() + _TALLY_WINDOW)
        sentence_start = max(text.rfind(". ", low, match.start()), text.rfind("\n", low, match.start()), low - 1) + 1
        stop = [i for i in (text.find(". ", match.end(), high), text.find("\n", match.end(), high)) if i >= 0]
        sentence = text[sentence_start : min(stop, default=high)]
        if _VOTE_WORDS.search(sentence):
            yield Quantity(text=match.group(), start=match.start(), end=match.end(), min=a, max=a, unit="tally")


def _counts(text: str, start: int, end: int, skip: list[tuple[int, int]]) -> Iterator[Quantity]:
    """The figures of text[start:end] but fractions, none starting in a `skip` span."""
    idioms = [(m.start(), m.end()) for m in _ONE_IDIOM.finditer(text, max(0, start - 3), end)] + skip
    for match in _PATTERN.finditer(text, start, end):
        if match.group("v") and any(s <= match.start("v") < e for s, e in idioms):
            continue  # ("one way or the other"): no count
        mod = (match.group("mod") or "").casefold()
        unit = match.group("unit")
        if unit and match.group("v") and unit.split()[0].casefold() in NUMBER_WORDS:
            # "one of six settlements", "one of the two suspects", "one of several
            # lawmakers": the part is no count of the whole; the whole is counted.
            yield from find_quantities(text, match.start("unit"), match.end("unit"))
            continue
        unit_word = unit.split()[0].casefold() if unit else ""
        # "five died": five did; "41 chartered flights", "12 stolen cars": a participle
        # before the plural noun counted describes it.
        described = bool(unit) and len(unit.split()) == 2 and unit.split()[1].casefold() not in _NOT_UNITS
        acted = bool(unit) and not described and unit_word not in _NOT_UNITS and _verb_form(unit_word)
        spoke = unit_word in REPORTING_FORMS and not _plural_noun(unit_word)  # "two said": a speaker
        if unit and (unit_word in _NOT_UNITS or spoke or unit_word.endswith("ly") or acted):
            unit = None
        elif unit and len(unit.split()) == 2 and unit.split()[1].casefold() in _NOT_UNITS:
            unit = unit.split()[0]
        elif unit and unit == match.group("unit") and " " not in unit and not _PLURAL.fullmatch(unit.casefold()):
            unit = _with_head_noun(text, match.start("unit"), unit)
        if text[match.end() : match.end() + 2][:1] == ":" or _AFTER_COLON.search(text, max(0, match.start() - 3), match.start()):
            continue  # a clock time ("2:51 PM", "13: 42 GMT" as some feeds space it), not a count
        if unit and unit.split()[0].casefold().rstrip(".") in MONTHS:
            continue  # "27 September 2013": a date, the date finder's
        if unit and unit.casefold() == "block" and text[match.end() : match.end() + 4].casefold() == " of ":
            continue  # "the 12200 block of 223rd Street": an address
        if match.group("currency") and _CONVERTED.search(text, max(0, match.start() - 40), match.start()):
            continue  # "$US1 million ($1.52 million)": the same sum in another currency
        if _names_a_thing(text, match) or _names_by_unit(match, unit):
            continue
        figure_end = max(match.end(g) for g in ("b", "vague", "v") if match.group(g))
        if _ORDINAL.match(text, figure_end):
            continue  # "the 27th District": a rank, not a count
        if _CLOCK.match(text, figure_end):
            continue  # "at 5 p.m.", "by 9am": a time of day, not a count
        if _RATIO.search(text, max(0, match.start() - 12), match.start()):
            continue  # the whole of a share ("five" in "one in five residents"), read with its part
        whole = _ratio_after(text, match, figure_end)
        if whole is not None:
            share = _share(text, match, whole)
            if share is not None:
                yield share  # "one in five residents", "1 in 4 adults": a share, not a count
            continue
        if match.group("percent"):
            unit = "percent"  # "30% of units": a share of them
        elif match.group("currency"):
            unit = _CURRENCIES[match.group("symbol")]  # "$2 million in damages"
        low: float | None
        high: float | None
        # "$200MM": a sum in millions, as sports and finance pages write it (after a
        # currency only: "7.62mm" is a calibre).
        millions = bool(match.group("currency")) and match.group("v") is not None and _MM.match(text, figure_end) is not None
        if match.group("vague"):
            low, high = _VAGUE[match.group("vague").casefold()]
            mod = ""  # "taken over several buildings": the "over" is not a bound
            if unit is None or not (unit.endswith("s") or unit.split()[-1].casefold() in _IRREGULAR_PLURALS):
                continue  # "many" alone, or before no plural noun, is no quantity
        elif match.group("a"):
            low, high = number_value(match.group("a")), number_value(match.group("b"))
            if low is None or high is None:
                continue
            low = _shared_scale(match.group("a"), match.group("b"), low, high)
            if _YEARISH.match(match.group("a").strip()) and _YEARISH.match(match.group("b").strip()):
                continue  # "2022-2023": years, for the date finder
            if low > high:
                # "a 242-190 majority", "won 20-5": a score, two counts, not a range
                for side in ("a", "b"):
                    value = number_value(match.group(side))
                    yield Quantity(
                        text=match.group(side), start=match.start(side), end=match.end(side),
                        min=_clean(value), max=_clean(value), unit=None,
                    )  # fmt: skip
                continue
        else:
            value = number_value(match.group("v"))
            if value is None or (not unit and not acted and not any(ch.isdigit() for ch in match.group("v"))):
                continue  # "one of them", "two of": a number word with nothing counted
            if _YEARISH.match(match.group("v").strip()) and not (unit and unit.endswith("s")):
                continue  # "the 1958 bridge", "in 2022": a year, not a count
            low = high = value * 1_000_000 if millions else value
        approximate = mod in _APPROXIMATE
        if match.group("plus"):
            high = None  # "100,000-plus"
        # ("more than seven inches" is above 7, not 8 or more: a measure is no whole count)
        measured = bool(match.group("currency") or match.group("percent")) or (
            bool(unit) and unit.split()[0].casefold() in _MEASURES
        )
        low, high = _bounded(mod, low, high, step=0 if measured else 1)
        span_end = (
            match.start("unit") + len(unit)
            if unit and match.group("unit") and text.startswith(unit, match.start("unit"))
            else max(match.end(g) for g in ("b", "vague", "v", "plus", "percent") if match.group(g))
        )
        if millions:
            span_end = figure_end + 2
        span_start = match.start("vague") if match.group("vague") else match.start()
        yield Quantity(
            text=text[span_start:span_end],
            start=span_start,
            end=span_end,
            min=_clean(low),
            max=_clean(high),
            unit=unit.casefold() if unit else None,
            approximate=approximate,
        )


_AND_MORE = re.compile(rf"\s+with\s+[\w\s-]{{1,30}}?\s+and\s+(?P<n>{_VALUE})\s+with\b", re.I)


_WITH_WHAT = re.compile(r"(?:\s+(?:a|an|the))?\s+[\w-]+")


def with_sums(text: str, quantities: list[Quantity]) -> list[Quantity]:
    """ "three men with handguns and one with a rifle": 4 men, the parts kept too."""
    result = list(quantities)
    for quantity in quantities:
        if quantity.unit is None or quantity.min is None or quantity.min != quantity.max:
            continue
        match = _AND_MORE.match(text, quantity.end)
        added = number_value(match.group("n")) if match else None
        if match is None or added is None:
            continue
        tail = _WITH_WHAT.match(text, match.end())  # "… with a rifle"
        end = tail.end() if tail else match.end()
        total = _clean(quantity.min + added)
        span_text = text[quantity.start : end]
        result.append(
            Quantity(
                text=span_text,
                start=quantity.start,
                end=quantity.start + len(span_text),
                min=total,
                max=total,
                unit=quantity.unit,
                approximate=quantity.approximate,
            )
        )
    return result


_FIGURE = re.compile(r"(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*-?\s*(?P<s>thousand|million|billion|trillion|bn|k|m)?\b", re.I)
_MAX_ROUNDING = 0.05  # "600 million" may be rounded, but not by more than a twentieth
_HALF = 0.49  # half a unit, less a hair: "1.4" and "1.3" do not both round from 1.35


_POINT_UNITS = frozenset(["percentage points", "points"])
_SHARE_UNITS = frozenset(["percent"]) | _POINT_UNITS


def rounding(quantity: Quantity) -> float:
    """How far a figure may be from what it rounds: half a unit of its last stated
    digit ("$1.4 billion": 0.05 billion, so "$1.375 billion" fits), for figures of a
    thousand or more or with decimals before a scale word; trailing zeros ("600
    million") round at most by _MAX_ROUNDING of the value; a percent, half a unit of
    its last digit. Small counts ("20 people") and spelled numbers are exact."""
    match = _FIGURE.search(quantity.text)
    if match is None:
        return 0.0
    digits = match.group("n").replace(",", "")
    scale = _SCALES.get((match.group("s") or "").casefold(), 1)
    value = float(digits) * scale
    if quantity.unit in _SHARE_UNITS:
        # A share is rounded to its last digit ("33 percent" of one in three, "46.1%"; a
        # margin of "11 points" of one of 11.4 percentage points).
        return _HALF * 10 ** -len(digits.split(".")[1]) if "." in digits else _HALF
    if value < 1000:
        return 0.0
    if "." in digits:
        return _HALF * 10 ** -len(digits.split(".")[1]) * scale
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros or scale > 1:  # "600 million", "$1 million": round figures
        return min(_HALF * 10**zeros * scale, _MAX_ROUNDING * value)
    return 0.0


def disjoint(a: Quantity, b: Quantity) -> bool:
    """True when two ranges cannot both hold ("at least six months" vs "three to four
    months"), allowing for rounding ("$1.4 billion" vs "$1.375 billion" both hold). A
    loose quantifier ("several", "a few") holds against any count."""
    if _LOOSE.match(a.text) or _LOOSE.match(b.text):
        return False
    a_low, a_high = _bounds(a)
    b_low, b_high = _bounds(b)
    widened = a.approximate or b.approximate
    if widened:
        # "about 40,000" tolerates a tenth either way.
        a_low, a_high = a_low * 0.9, a_high * 1.1
        b_low, b_high = b_low * 0.9, b_high * 1.1
    # (a tenth either way already allows a margin's rounding: "nearly 11 points")
    slack = sum(0.0 if widened and q.unit in _POINT_UNITS else rounding(q) for q in (a, b))
    return a_high + slack < b_low or b_high + slack < a_low


# The vague quantifiers that state no count one could check ("several countries", "a
# few years"): unlike "dozens" or "thousands", they tell no order of magnitude apart.
_LOOSE = re.compile(
    rf"(?:{'|'.join(sorted((re.escape(q) for q, (low, _) in _VAGUE.items() if low < 10), key=len, reverse=True))})\b",
    re.I,
)


def _bounds(quantity: Quantity) -> tuple[float, float]:
    """The lowest and highest values a figure allows, where "more than N" may touch N:
    "more than two years" and "two years", or "more than 800,000" and "800,000", are
    one figure told with two precisions, not two figures that cannot both hold."""
    low = quantity.min if quantity.min is not None else float("-inf")
    high = quantity.max if quantity.max is not None else float("inf")
    if (
        quantity.max is None
        and quantity.min is not None
        and float(low).is_integer()
        and re.match(rf"{_STRICT_MORE}\s", quantity.text, re.I)
    ):
        low -= 1
    if (
        quantity.min is None
        and quantity.max is not None
        and float(high).is_integer()
        and re.match(rf"{_STRICT_LESS}\s", quantity.text, re.I)
    ):
        high += 1
    return low, high


# A figure counted up over time or over several occasions ("a total of 14 rifles",
# "has so far seized 14", "in all", "to date"): the sum of parts, not one part.
_RUNNING_TOTAL = re.compile(
    r"\b(?:a\s+total\s+of|in\s+total|in\s+all|all\s+told|altogether|so\s+far|thus\s+far|to\s+date|"
    r"cumulative(?:ly)?|combined|in\s+(?:\w+\s+){0,3}(?:operations|incidents|attacks|raids|cases))\b",
    re.I,
)


def running_total(text: str) -> bool:
    """Whether a statement gives its figures as a running or grand total: another
    statement's different figure for a single occasion ("six rifles were found during
    the operation") measures a part of it, not the same thing."""
    return _RUNNING_TOTAL.search(text) is not None
