"""The ONNX MiniLM sentence embeddings load from disk and order similarities sensibly."""

from __future__ import annotations

import numpy as np
import pytest

from corroborate.align.embeddings import embed

pytestmark = pytest.mark.model


def test_vectors_are_normalised_and_in_input_order() -> None:
    texts = ["The ferry runs again on Friday.", "A much longer sentence about the harbour office and its many pumps and pilings."]
    vectors = embed(texts)
    assert vectors.shape == (2, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert np.allclose(embed(texts[::-1])[0], vectors[1], atol=1e-5)  # sorting by length never reorders results


def test_a_paraphrase_scores_above_an_unrelated_sentence() -> None:
    claim, paraphrase, unrelated = embed(
        [
            "The bridge carries about 40,000 vehicles a day across the river.",
            "Some 40,000 cars and trucks cross the span every day.",
            "The school board approved a new lunch menu on Tuesday.",
        ]
    )
    assert float(claim @ paraphrase) > float(claim @ unrelated) + 0.2


def test_no_text_gives_no_vectors() -> None:
    assert embed([]).shape == (0, 384)


def test_a_text_given_twice_gets_the_same_vector_in_both_places() -> None:
    texts = ["The ferry runs again on Friday.", "Crews painted the pier.", "The ferry runs again on Friday."]
    vectors = embed(texts)
    assert vectors.shape == (3, 384)
    assert np.array_equal(vectors[0], vectors[2])
    assert np.allclose(vectors[1], embed([texts[1]])[0], atol=1e-5)


def test_processes_sharing_the_cores_take_one_thread_each(monkeypatch: pytest.MonkeyPatch) -> None:
    import corroborate.align.embeddings as embeddings

    monkeypatch.setattr(embeddings.os, "cpu_count", lambda: 2)
    before = embeddings._threads
    try:
        embeddings.share_cores(2)
        assert embeddings._threads == 1
        embeddings.share_cores(1)
        assert embeddings._threads == 2
        assert embed(["Still embeds after the change."]).shape == (1, 384)
    finally:
        embeddings._threads = before
        embeddings._runtime.cache_clear()
