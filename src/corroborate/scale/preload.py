"""Imported once by the worker pool's fork server (`scale.runner`): loads the default
spaCy pipeline there, so that every worker forked from the server starts with it loaded
(`load_pipeline`'s cache) instead of importing spaCy and loading the model itself; and
lemminflect's dictionary, which word stems read (`align.differences.stem`), for the
same reason.

A failure is left to the workers, which load the pipeline themselves and report it."""

from __future__ import annotations

import contextlib

from corroborate.align.differences import stem
from corroborate.nlp.pipeline import load_pipeline
from corroborate.settings import MODEL_NAMES

# The fork server skips a preload module that raises ImportError but dies on any other error.
with contextlib.suppress(Exception):
    load_pipeline(MODEL_NAMES)
with contextlib.suppress(Exception):
    stem("went")
