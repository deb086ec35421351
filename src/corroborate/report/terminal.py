"""The default view: a who-said-what table per article, drawn with rich."""

from __future__ import annotations

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from corroborate.model import CLAIM_STATUSES, Analysis
from corroborate.report.findings import key_findings
from corroborate.report.labels import speaker_label, status_label
from corroborate.report.safe import terminal_safe
from corroborate.report.sections import citation_edges, claim_findings, claim_matrix, outlet_of, timeline


def _findings(analysis: Analysis) -> list[object]:
    """Altered quotes and attribution drift, each with every outlet's words side by side."""
    findings = key_findings(analysis)
    claims = claim_findings(analysis)
    if not findings and not claims:
        return [Text("No altered quotes, attribution drift, conflicting or disputed claims found.")]
    table = Table(title=Text("Key findings", style="bold"), title_justify="left", expand=True, show_lines=True)
    table.add_column("finding", width=12, overflow="fold")
    table.add_column("outlet", ratio=2, overflow="fold")
    table.add_column("credited to", ratio=2, overflow="fold")
    table.add_column("words", ratio=7, overflow="fold")
    for finding in findings:
        changed = " / ".join(" ".join(side) for side in finding.changed if side)
        label = finding.kind.replace(" ", "\n") + (
            f"\nchanged: {terminal_safe(changed, 80)}" if changed and finding.kind != "paraphrased" else ""
        )
        if finding.note:
            label += f"\n({terminal_safe(finding.note, 200)})"
        for index, variant in enumerate(finding.variants):
            table.add_row(
                Text(label if index == 0 else "", style="bold" if index == 0 else ""),
                Text(terminal_safe(variant.outlet, 60)),
                Text(terminal_safe(variant.speaker, 60)),
                Text(terminal_safe(variant.text, 300)),
            )
    outlets = {a.id: outlet_of(a) for a in analysis.articles}
    for claim_finding in claims:
        label = claim_finding.kind.replace(" ", "\n") + f"\n{terminal_safe(claim_finding.detail, 80)}"
        for index, claim in enumerate(claim_finding.claims):
            table.add_row(
                Text(label if index == 0 else "", style="bold" if index == 0 else ""),
                Text(terminal_safe(outlets.get(claim.article, claim.article), 60)),
                Text(""),
                Text(terminal_safe(claim.text, 300)),
            )
    return [table]


_SHOWN_ROWS = 12  # the terminal shows the most telling claim rows; --format html has them all
_CELL = {"carried": "✓", "conflicting": "✗", "absent": "–"}


def _claims_matrix(analysis: Analysis) -> list[Table]:
    """Events × outlets for the claims more than one outlet carries (or that are
    contested): each outlet's figures side by side, the status and its evidence."""
    outlets, rows = claim_matrix(analysis)
    shown = [r for r in rows if r.shared][:_SHOWN_ROWS]
    if not shown:
        return []
    table = Table(title=Text("Claims across outlets", style="bold"), title_justify="left", expand=True, show_lines=True)
    table.add_column("claim", ratio=5, overflow="fold")
    table.add_column("status", ratio=3, overflow="fold")
    for outlet in outlets:
        table.add_column(terminal_safe(outlet, 30), ratio=2, overflow="fold")
    for row in shown:
        status = row.status_text + "".join(f"\n{terminal_safe(e, 160)}" for e in row.evidence[:2])
        cells = [
            Text(
                _CELL[c.state] + "".join(f"\n{terminal_safe(f, 40)}" for f in c.figures[:3]),
                style="bold red" if c.state == "conflicting" else "",
            )
            for c in row.cells
        ]
        table.add_row(Text(terminal_safe(row.text, 200)), Text(status), *cells)
    return [table]


def _summary(analysis: Analysis) -> Text:
    """One line each for the sections the HTML report draws in full (--format html)."""
    _outlets, rows = claim_matrix(analysis)
    statuses = {s: sum(r.group.status == s for r in rows) for s in CLAIM_STATUSES}
    citations = analysis.citations
    edges = citation_edges(analysis)
    dated = {e.value for e in timeline(analysis)}
    counts = ", ".join(f"{n} {status_label(s)}" for s, n in statuses.items() if n) or "none"
    return Text(
        f"Quote groups: {len(analysis.quote_groups)} · claim groups: {len(rows)} ({counts}) · "
        f"citations: {len(citations) or 'none found'}"
        + (f" ({len(edges)} outlet links)" if edges else "")
        + f" · timeline: {len(dated)} dates · --format html draws them all"
    )


def _citation_graph(analysis: Analysis) -> list[Table]:
    """Who cites whom among outlets (self-references left out); --format dot draws it."""
    if not analysis.citation_graph:
        return []
    table = Table(title=Text("Who cites whom"), title_justify="left", expand=False)
    table.add_column("outlet", overflow="fold")
    table.add_column("cites", overflow="fold")
    table.add_column("times", justify="right")
    for edge in analysis.citation_graph:
        table.add_row(Text(terminal_safe(edge.source, 60)), Text(terminal_safe(edge.cites, 60)), Text(str(edge.count)))
    return [table]


def render_table(analysis: Analysis) -> Group:
    """A header line per article and a table of its quotes (rich renderables, no markup parsing)."""
    parts: list[object] = []
    outlets = sorted({a.outlet for a in analysis.articles if a.outlet})
    parts.append(
        Text(
            f"{len(analysis.articles)} articles · {len(outlets)} outlets · {len(analysis.quotes)} quotes · "
            f"{len(analysis.entities)} entities",
            style="bold",
        )
    )
    parts.extend(_findings(analysis))
    parts.extend(_claims_matrix(analysis))
    parts.append(_summary(analysis))
    parts.extend(_citation_graph(analysis))
    for article in analysis.articles:
        quotes = [q for q in analysis.quotes if q.article == article.id]
        heading = f"{article.id} — {article.outlet or 'unknown outlet'}"
        if article.published:
            heading += f" · {article.published}"
        title = terminal_safe(article.title, 120) if article.title else "(no title)"
        table = Table(title=Text(f"{terminal_safe(heading)}\n{title}"), title_justify="left", expand=True, show_lines=False)
        table.add_column("speaker", ratio=3, min_width=14, overflow="fold")
        table.add_column("kind", no_wrap=True, min_width=7)
        table.add_column("quote", ratio=8, min_width=24, overflow="fold")
        table.add_column("via", ratio=2, overflow="fold")
        table.add_column("at", no_wrap=True, justify="right")
        for quote in quotes:
            table.add_row(
                Text(terminal_safe(speaker_label(quote, mention=True), 80)),
                Text(quote.kind + ("" if quote.zone == "body" else f"\n({quote.zone})")),
                Text(terminal_safe(quote.text, 300)),
                Text(terminal_safe(quote.channel or "", 40)),
                Text(str(quote.start)),
            )
        if not quotes:
            table.add_row(Text("—"), Text(""), Text("no quotations found"), Text(""), Text(""))
        parts.append(table)
    return Group(*parts)  # type: ignore[arg-type]


def print_table(analysis: Analysis, console: Console) -> None:
    console.print(render_table(analysis))
