"""Assessment: where statements came from (citations, copied text, origins) and how
far a claim is backed (independent sources, disputes, conflicts)."""
