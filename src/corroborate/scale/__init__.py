"""Scale: group a large collection of articles into stories (near-duplicates first)."""

from corroborate.scale.cluster import cluster_articles, story_groups, story_groups_warning, story_id
from corroborate.scale.duplicates import near_duplicates

__all__ = ["cluster_articles", "near_duplicates", "story_groups", "story_groups_warning", "story_id"]
