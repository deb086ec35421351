"""Scale: group a large collection of articles into stories (near-duplicates first).

The names below are imported on first use (PEP 562): a worker process of the batch
runner (`corroborate.scale.runner`) needs none of them, and the clustering stack
(scipy) would lengthen its start-up (benchmarks/README.md)."""

from __future__ import annotations

from typing import Any

_CLUSTER_NAMES = ("cluster_articles", "story_groups", "story_groups_warning", "story_id")
__all__ = [*_CLUSTER_NAMES, "near_duplicates"]


def __getattr__(name: str) -> Any:
    if name in _CLUSTER_NAMES:
        from corroborate.scale import cluster

        return getattr(cluster, name)
    if name == "near_duplicates":
        from corroborate.scale.duplicates import near_duplicates

        return near_duplicates
    raise AttributeError(f"module 'corroborate.scale' has no attribute {name!r}")
