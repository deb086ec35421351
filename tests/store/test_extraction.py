"""The per-story stage on cached extractions gives what `analyze_articles` gives."""

from __future__ import annotations

import pytest

from corroborate.pipeline import analyze_articles, analyze_story
from corroborate.store import CorpusStore
from tests.store.conftest import SETTINGS, BuiltStore

pytestmark = pytest.mark.model


def test_story_from_cache_equals_analyze_articles(reference_store: BuiltStore, nlp, registry) -> None:
    with CorpusStore(reference_store.db) as store:
        keys = [
            row["key"]
            for row in store.query("select key from articles where story = (select id from stories where n_articles = 4)")
        ]
        extractions = store.load_extractions(keys)
    extractions.sort(key=lambda e: e.article.id)
    from_cache = analyze_story(extractions, registry, SETTINGS)
    direct = analyze_articles([e.article for e in extractions], SETTINGS, registry)
    assert from_cache.model_dump(exclude={"provenance"}) == direct.model_dump(exclude={"provenance"})
    assert from_cache.quote_groups and from_cache.claim_groups


@pytest.mark.parametrize(
    ("outlet", "text"),
    [("Valley Courier", "The council met on Tuesday."), (None, "No outlet here."), ("Ćelije Daily", "Zürich — “quoted”, 10 km.")],
)
def test_the_store_keys_an_article_as_the_pipeline_does(outlet: str | None, text: str) -> None:
    """The ingest process keys articles with the store's `article_key` (no spaCy
    import): one function, the model's, or a cache keyed otherwise is never found again."""
    from corroborate.model import Article
    from corroborate.pipeline import article_key as pipeline_key
    from corroborate.store.extraction import article_key

    article = Article(id="a1", source="a1.txt", outlet=outlet, title=None, published=None, language="en", text=text)
    assert article_key is pipeline_key
    assert article_key(article) != article_key(article.model_copy(update={"outlet": "Other Outlet"}))
    assert article_key(article) != article_key(article.model_copy(update={"text": text + " "}))
