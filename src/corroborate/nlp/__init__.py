"""Per-article language processing: the spaCy pipeline and the pure extractors (quotes, speakers,
mentions, citations, claims, quantities, dates)."""
