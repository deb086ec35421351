"""A store for `web.jobs.analyse_with_store` that holds nothing and keeps what is saved:
the web worker's analysis without a database."""

from __future__ import annotations


class EmptyStore:
    """The store methods `analyse_with_store` calls, holding nothing."""

    def __init__(self) -> None:
        self.saved: list[object] = []

    def extracted_keys(self, extractor: str) -> set[str]:
        return set()

    def article_ids(self) -> dict[str, str]:
        return {}

    def save_extraction(self, extraction: object) -> None:
        self.saved.append(extraction)
