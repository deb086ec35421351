"""The catalogue of warning codes: every `code` a `Notice` (an analysis' `warnings`, the
store's `warnings` table) can carry, with what it means.

A warning never stops a run; an input that cannot be read at all is an error instead
(`InputError` and its `code`: empty, binary, too_large, malformed, fetch_failed; see
errors.py). tests/test_notices.py keeps this catalogue, the codes the source emits and
the "Warning codes" table of the documentation the same.
"""

from __future__ import annotations

# In the order an input meets them: reading, ingestion, quotes, the story.
WARNING_CODES: dict[str, str] = {
    "encoding": "the input was not UTF-8: its encoding was detected and it was decoded",
    "lone_surrogate": "an unpaired UTF-16 surrogate was replaced by U+FFFD (offsets unchanged)",
    "bad_metadata": "a front-matter or record value is not text (a YAML alias bomb, a mapping): dropped",
    "bad_date": "the publication date could not be read (use ISO 8601)",
    "bad_url": "a URL that is not http(s): dropped at ingestion",
    "not_english": "the text looks like another language; the English pipeline may do poorly",
    "duplicate": "the same text from the same outlet given twice: analysed once",
    "same_text": "the same text from two outlets (syndicated copy): both kept",
    "duplicate_id": "two inputs with one article id: the later one gets ID-2, ID-3, …",
    "unpaired_quote_mark": "a paragraph holds quotation marks that could not be paired",
    "too_many_quotes": "an article reached the per-article quotation cap (max_quotes_per_article); the rest are dropped",
    "light_analysis": "an article holds run-on text, a line far longer than any article's, or text past the parse "
    "budget: that text is read for direct quotations by their marks only (no parse, no claims)",
    "extraction_failed": "the quote or the claim extractor failed on an article: it is kept without them",
    "outlet_inferred": 'an article of unknown outlet speaks as one ("told TMZ in response to our story") and takes it',
    "several_stories": "the inputs of one analysis look like several stories (--split analyses each)",
}
