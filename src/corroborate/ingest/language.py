"""A small, deterministic language guess from function-word frequencies.

Good enough to tell English news from Spanish, French, German, Italian,
Portuguese or Dutch news, which is all we need: the English pipeline runs on
everything, and a non-English article gets a warning that results may be poor.
"""

from __future__ import annotations

import re

_FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        [
            "the",
            "and",
            "of",
            "to",
            "in",
            "is",
            "that",
            "for",
            "it",
            "was",
            "on",
            "with",
            "as",
            "he",
            "she",
            "they",
            "at",
            "by",
            "this",
            "be",
            "have",
            "from",
            "are",
            "said",
            "not",
        ]
    ),
    "es": frozenset(
        [
            "el",
            "la",
            "los",
            "las",
            "de",
            "que",
            "y",
            "en",
            "un",
            "una",
            "por",
            "con",
            "para",
            "es",
            "del",
            "se",
            "no",
            "su",
            "al",
            "lo",
            "como",
            "más",
            "dijo",
        ]
    ),
    "fr": frozenset(
        [
            "le",
            "la",
            "les",
            "de",
            "des",
            "et",
            "en",
            "un",
            "une",
            "du",
            "que",
            "est",
            "pour",
            "dans",
            "qui",
            "pas",
            "sur",
            "au",
            "avec",
            "il",
            "elle",
            "ce",
            "a",
        ]
    ),
    "de": frozenset(
        [
            "der",
            "die",
            "das",
            "und",
            "den",
            "von",
            "zu",
            "mit",
            "sich",
            "des",
            "auf",
            "für",
            "ist",
            "im",
            "dem",
            "nicht",
            "ein",
            "eine",
            "als",
            "auch",
            "es",
        ]
    ),
    "it": frozenset(
        [
            "il",
            "la",
            "di",
            "che",
            "e",
            "è",
            "per",
            "un",
            "una",
            "del",
            "della",
            "in",
            "non",
            "con",
            "si",
            "le",
            "dei",
            "sono",
            "da",
            "gli",
            "ha",
        ]
    ),
    "pt": frozenset(
        [
            "o",
            "a",
            "os",
            "as",
            "de",
            "que",
            "e",
            "do",
            "da",
            "em",
            "um",
            "uma",
            "para",
            "com",
            "não",
            "por",
            "se",
            "na",
            "no",
            "dos",
            "foi",
        ]
    ),
    "nl": frozenset(
        [
            "de",
            "het",
            "een",
            "en",
            "van",
            "in",
            "is",
            "dat",
            "op",
            "te",
            "zijn",
            "met",
            "voor",
            "niet",
            "er",
            "aan",
            "ook",
            "als",
            "bij",
        ]
    ),
}
_FUNCTION_WORDS["id"] = frozenset(
    "yang dan di ini itu dengan untuk dari tidak dalam akan pada juga ke adalah karena ada atau oleh sudah bisa mereka kita".split()
)
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
# Languages told by their script alone: (code, letters of the script). Kana before Han:
# Japanese text mixes both. Cyrillic is Russian when it has a letter Ukrainian,
# Belarusian and Bulgarian lack (ы, э); otherwise only "not English".
_SCRIPTS = (
    ("ko", re.compile(r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")),
    ("ja", re.compile(r"[\u3040-\u30ff]")),
    ("zh", re.compile(r"[\u4e00-\u9fff]")),
    ("ru", re.compile(r"[\u0400-\u04ff]")),
    ("ar", re.compile(r"[\u0600-\u06ff]")),
    ("he", re.compile(r"[\u0590-\u05ff]")),
    ("el", re.compile(r"[\u0370-\u03ff]")),
    ("th", re.compile(r"[\u0e00-\u0e7f]")),
    ("hi", re.compile(r"[\u0900-\u097f]")),
)
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")


def _by_script(sample: str) -> str | None:
    """The language a non-Latin script gives away, 'und' for a script shared by several, or None."""
    latin = len(_LATIN.findall(sample))
    counts = {code: len(letters.findall(sample)) for code, letters in _SCRIPTS}
    if counts["ja"] and counts["ja"] + counts["zh"] > latin:
        return "ja"
    code, count = max(counts.items(), key=lambda item: item[1])
    if count <= latin or count < 20:
        return None
    if code == "ru" and not re.search("[ыэЫЭ]", sample):
        return "und"
    return code


def script_of(text: str, sample_chars: int = 20000) -> str | None:
    """The name of the non-Latin script most of the text's letters are in, or None."""
    sample = text[:sample_chars]
    latin = len(_LATIN.findall(sample))
    names = {"ko": "Hangul", "ja": "Japanese", "zh": "Han", "ru": "Cyrillic", "ar": "Arabic", "he": "Hebrew"}
    names |= {"el": "Greek", "th": "Thai", "hi": "Devanagari"}
    counts = {code: len(letters.findall(sample)) for code, letters in _SCRIPTS}
    code, count = max(counts.items(), key=lambda item: item[1])
    return names[code] if count > latin and count >= 20 else None


def detect_language(text: str, sample_chars: int = 20000) -> str:
    """ISO 639-1 code of the best-matching language, or 'und' for too little evidence."""
    if (scripted := _by_script(text[:sample_chars])) is not None:
        return scripted
    words = [w.casefold() for w in _WORD.findall(text[:sample_chars])]
    if len(words) < 5:
        return "und"
    scores = {lang: sum(w in vocab for w in words) for lang, vocab in _FUNCTION_WORDS.items()}
    best = max(scores, key=lambda lang: (scores[lang], lang == "en"))
    # Under 8 % function words is no language we know (lists, code, noise).
    return best if scores[best] >= max(2, 0.08 * len(words)) else "und"
