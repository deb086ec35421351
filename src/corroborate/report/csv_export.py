"""CSV export for spreadsheets: one file per table, with the article and outlet on every row.

Files: quotes.csv, quote_groups.csv (one row per member), claims.csv, claim_groups.csv
(one row per claim in a group) and citations.csv. They are UTF-8 with a byte-order
mark (so spreadsheet programs read accents right), comma-separated, quoted where needed.

Formula injection: a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@`
(and some read a leading tab or carriage return the same way) as a formula. Article
text is untrusted, so every text cell starting with one of those characters is
written with a single quote `'` in front; numbers are written as numbers.
The set is written atomically as a set: all five files are first written and synced in a
temporary folder beside the target, then that folder is renamed into place (a new
directory) or its files are renamed over the old ones (an existing directory), so a full
disk leaves the earlier set whole, never 2 of 5 new files.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from corroborate.files import current_umask, write_atomically
from corroborate.model import Analysis
from corroborate.report import sections
from corroborate.report.labels import speaker_label
from corroborate.report.sections import outlet_of

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
TABLES = ("quotes", "quote_groups", "claims", "claim_groups", "citations")
Rows = list[Sequence[Any]]


def spreadsheet_safe(value: Any) -> Any:
    """The value for a CSV cell: text that a spreadsheet would run as a formula gets a `'` in front."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return value
    text = str(value)
    if text.startswith(FORMULA_PREFIXES):
        return "'" + text
    return text


def _join(values: Iterable[Any]) -> str:
    return "; ".join(str(v) for v in values if v not in (None, ""))


def csv_tables(analysis: Analysis) -> dict[str, tuple[Sequence[str], Rows]]:
    """Each table as (header, rows), raw values (not yet made spreadsheet-safe)."""
    outlets = {a.id: outlet_of(a) for a in analysis.articles}
    names = sections.entity_names(analysis)
    quotes = {q.id: q for q in analysis.quotes}
    claims = {c.id: c for c in analysis.claims}
    texts = {a.id: a.text for a in analysis.articles}
    # A claim stating two things is in two groups: its first group fills `group` and
    # `status`, the others `other_groups` (a column added last: readers of the old
    # columns are unaffected).
    groups_of_claim = analysis.groups_of_claims()

    quote_rows: Rows = [
        (
            q.article,
            outlets.get(q.article, q.article),
            q.id,
            q.kind,
            speaker_label(q, names),
            q.speaker.entity,
            q.speaker.description,
            q.text,
            q.start,
            q.end,
            q.zone,
            q.cue.text if q.cue else None,
            q.channel,
            q.rule,
            q.confidence,
        )
        for q in analysis.quotes
    ]
    group_rows: Rows = []
    for quote_group in analysis.quote_groups:
        changed: dict[str, set[str]] = {}
        for pair in quote_group.pairs:
            changed.setdefault(pair.a, set()).update(pair.changed[0])
            changed.setdefault(pair.b, set()).update(pair.changed[1])
        for member in quote_group.members:
            quote = quotes.get(member.quote)
            if quote is None:
                continue
            group_rows.append(
                (
                    quote.article,
                    outlets.get(quote.article, quote.article),
                    quote_group.id,
                    quote.id,
                    quote_group.difference,
                    quote_group.attribution_drift,
                    speaker_label(quote, names),
                    texts.get(quote.article, "")[member.start : member.end],
                    member.start,
                    member.end,
                    _join(sorted(changed.get(quote.id, ()))),
                    _join(quote_group.origins),
                    quote_group.independent_origins,
                )
            )
    claim_rows: Rows = []
    for c in analysis.claims:
        held = groups_of_claim.get(c.id, [])
        claim_group = held[0] if held else None
        claim_rows.append(
            (
                c.article,
                outlets.get(c.article, c.article),
                c.id,
                c.text,
                c.start,
                c.end,
                names.get(c.by, c.by) if c.by else None,
                _join(c.hedges),
                _join(q.text for q in c.quantities),
                _join(f"{d.text}={d.value}" for d in c.dates if d.value),
                claim_group.id if claim_group else None,
                claim_group.status if claim_group else None,
                _join(g.id for g in held[1:]),
            )
        )
    claim_group_rows: Rows = []
    for group in analysis.claim_groups:
        conflicts = _join(f"{x.get('a_text', '')} vs {x.get('b_text', '')}" for x in group.conflicts)
        for claim_id in group.claims:
            claim = claims.get(claim_id)
            if claim is None:
                continue
            claim_group_rows.append(
                (
                    claim.article,
                    outlets.get(claim.article, claim.article),
                    group.id,
                    claim.id,
                    group.status,
                    claim.text,
                    len(set(group.outlets)),
                    _join(group.sources),
                    group.independent_sources,
                    conflicts,
                    _join(names.get(e, e) for e in group.disputed_by),
                )
            )
    citation_rows: Rows = [
        (
            c.article,
            outlets.get(c.article, c.article),
            c.cites,
            c.text,
            c.start,
            c.end,
            c.is_self,
        )
        for c in analysis.citations
    ]
    return {
        "quotes": (
            (
                "article",
                "outlet",
                "quote",
                "kind",
                "speaker",
                "speaker_entity",
                "speaker_description",
                "text",
                "start",
                "end",
                "zone",
                "cue",
                "channel",
                "rule",
                "confidence",
            ),
            quote_rows,
        ),
        "quote_groups": (
            (
                "article",
                "outlet",
                "group",
                "quote",
                "difference",
                "attribution_drift",
                "speaker",
                "words",
                "start",
                "end",
                "changed",
                "origins",
                "independent_origins",
            ),
            group_rows,
        ),
        "claims": (
            (
                "article",
                "outlet",
                "claim",
                "text",
                "start",
                "end",
                "by",
                "hedges",
                "quantities",
                "dates",
                "group",
                "status",
                "other_groups",
            ),
            claim_rows,
        ),
        "claim_groups": (
            (
                "article",
                "outlet",
                "group",
                "claim",
                "status",
                "text",
                "outlets",
                "sources",
                "independent_sources",
                "conflicts",
                "disputed_by",
            ),
            claim_group_rows,
        ),
        "citations": (("article", "outlet", "cites", "text", "start", "end", "self"), citation_rows),
    }


def render_csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """One table as CSV text (no byte-order mark), every cell made spreadsheet-safe."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([spreadsheet_safe(value) for value in row])
    return buffer.getvalue()


def write_csv(analysis: Analysis, directory: Path) -> list[Path]:
    """Write the five tables into `directory` (created when missing, not its parents); return the paths written.

    Raises OSError when the directory cannot be made or written, NotADirectoryError
    when `directory` is a file; then nothing in `directory` has changed."""
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise NotADirectoryError(20, "Not a directory", str(directory))
    contents = {f"{name}.csv": render_csv(header, rows) for name, (header, rows) in csv_tables(analysis).items()}
    paths = [directory / name for name in contents]
    existing = directory.is_dir()
    if existing and not all(_replaceable(path) for path in paths):
        for path, content in zip(paths, contents.values(), strict=True):  # links and devices: written through, one by one
            write_atomically(path, content, encoding="utf-8-sig", newline="")
        return paths
    parent = directory.absolute().parent
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", suffix=".tmp", dir=parent))
    try:
        for name, content in contents.items():
            _write_file(staging / name, content)
        if existing:
            for name in contents:
                os.replace(staging / name, directory / name)
            staging.rmdir()
        else:
            os.chmod(staging, 0o777 & ~current_umask())
            os.rename(staging, directory)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return paths


def _replaceable(path: Path) -> bool:
    """A path a rename may replace: missing, or a regular file (not a link, device or pipe)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True


def _write_file(path: Path, content: str) -> None:
    with open(path, "w", encoding="utf-8-sig", newline="") as stream:
        stream.write(content)
        stream.flush()
        os.fsync(stream.fileno())
    os.chmod(path, 0o666 & ~current_umask())


__all__ = ["FORMULA_PREFIXES", "TABLES", "csv_tables", "render_csv", "spreadsheet_safe", "write_csv"]
