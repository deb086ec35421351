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
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def detect_language(text: str, sample_chars: int = 20000) -> str:
    """ISO 639-1 code of the best-matching language, or 'und' for too little evidence."""
    words = [w.casefold() for w in _WORD.findall(text[:sample_chars])]
    if len(words) < 5:
        return "und"
    scores = {lang: sum(w in vocab for w in words) for lang, vocab in _FUNCTION_WORDS.items()}
    best = max(scores, key=lambda lang: (scores[lang], lang == "en"))
    # Under 8 % function words is no language we know (lists, code, noise).
    return best if scores[best] >= max(2, 0.08 * len(words)) else "und"
