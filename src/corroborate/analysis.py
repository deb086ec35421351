"""The library's front door: inputs in (files, folders, globs, URLs), one `Analysis`
out, or one per story with `split` (ingest → the two units of work of
`corroborate.pipeline`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO

from corroborate import pipeline
from corroborate.errors import InputError
from corroborate.ingest import LoadResult, OutletRegistry, load_articles
from corroborate.model import Analysis, Article, Notice
from corroborate.settings import Settings


@dataclass
class AnalysisRun:
    """What one run produced: the analysis, plus what could not be read and what was skipped."""

    analysis: Analysis
    errors: list[InputError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # With `split`: (story id, analysis) for each story the clusterer found, largest first.
    stories: list[tuple[str, Analysis]] = field(default_factory=list)


def analyze_paths(
    specs: Iterable[str],
    settings: Settings | None = None,
    *,
    stdin: BinaryIO | None = None,
    on_parsed: Callable[[Article], None] | None = None,
    on_loaded: Callable[[int], None] | None = None,
    across: bool = True,
    split: bool = False,
) -> AnalysisRun:
    """Analyse the articles named by `specs` (files, directories, globs, `-`, URLs) as one story.

    `across=False` stops after the per-article quotes and entities (no quote groups,
    claims or claim groups): what `corroborate quotes` needs, at the cost of a parse.
    `split=True` groups the articles into stories first (`corroborate cluster`) and
    analyses each story on its own (`AnalysisRun.stories`; `analysis` is the first)."""
    settings = settings or Settings()
    registry = OutletRegistry.load(settings.outlet_files)
    loaded = load_articles(specs, settings, registry, stdin=stdin)
    if on_loaded is not None:
        on_loaded(len(loaded.articles))
    if not split or not loaded.articles:
        analysis = pipeline.analyze_articles(
            loaded.articles, settings, registry, loaded=loaded, on_parsed=on_parsed, across=across, story_check=several_stories
        )
        return AnalysisRun(analysis, loaded.errors, loaded.notes)
    from corroborate.scale.cluster import cluster_articles, story_groups

    mapping = cluster_articles(loaded.articles)
    by_id = {a.id: a for a in loaded.articles}
    stories = []
    for members in story_groups(mapping):
        articles = [by_id[i] for i in members]
        sources = {a.source for a in articles} | set(members)
        part = LoadResult(
            articles=articles,
            inputs=[i for i in loaded.inputs if i.source in sources],
            warnings=[w for w in loaded.warnings if w.source in sources],
        )
        analysis = pipeline.analyze_articles(
            articles, settings, registry, loaded=part, on_parsed=on_parsed, across=across, story_check=several_stories
        )
        stories.append((mapping[members[0]], analysis))
    return AnalysisRun(stories[0][1], loaded.errors, loaded.notes, stories)


def several_stories(articles: Sequence[Article]) -> list[Notice]:
    """A warning when the inputs look like several stories: they are analysed as one."""
    from corroborate.scale.cluster import story_groups_warning  # the clustering stack loads when needed

    groups = story_groups_warning(articles)
    if not groups:
        return []
    named = "; ".join("[" + ", ".join(group[:5]) + (", …" if len(group) > 5 else "") + "]" for group in groups[:5])
    return [
        Notice(
            source="inputs",
            code="several_stories",
            message=f"the inputs look like {len(groups)} stories: {named}; they are analysed as one (--split analyses each on its own)",
        )
    ]
