"""How `ingest` cuts the articles to extract into batches for its workers."""

from __future__ import annotations

from corroborate.model import Article
from corroborate.store.batch import EXTRACT_BATCH, EXTRACT_BATCH_CHARS, extract_batches


def _articles(lengths: list[int]) -> list[Article]:
    return [
        Article(id=f"a{i}", source=f"a{i}.txt", outlet=None, title=None, published=None, language="en", text="x" * n)
        for i, n in enumerate(lengths)
    ]


def test_two_hundred_articles_for_two_workers_go_large_batches_first_and_small_last() -> None:
    articles = _articles([1500] * 200)
    batches = extract_batches(articles, 2)
    sizes = [len(batch) for batch in batches]
    assert [a for batch in batches for a in batch] == articles  # every article once, in order
    assert sizes[0] == EXTRACT_BATCH
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[-1] <= 4  # the last batches leave no worker parsing a large one alone


def test_a_batch_holds_at_most_its_characters_and_a_longer_article_goes_alone() -> None:
    articles = _articles([EXTRACT_BATCH_CHARS // 3] * 6 + [EXTRACT_BATCH_CHARS * 2] + [100] * 3)
    batches = extract_batches(articles, 2)
    assert [a for batch in batches for a in batch] == articles
    assert all(len(batch) == 1 or sum(len(a.text) for a in batch) <= EXTRACT_BATCH_CHARS for batch in batches)
    assert (articles[6],) in batches


def test_one_article_makes_one_batch() -> None:
    articles = _articles([10])
    assert extract_batches(articles, 8) == [tuple(articles)]
