"""The same findings as the HTML report, as Markdown for a newsroom document or a ticket.

Sections, in the HTML report's order: header, key findings, who said what (by
speaker), quote groups, claims (the claim group × outlet matrix), citations,
timeline, articles (each with its quotations), warnings. Untrusted text goes
through `markdown_safe`: no links, HTML or emphasis come from an article.
"""

from __future__ import annotations

from corroborate.model import Analysis
from corroborate.report import sections
from corroborate.report.labels import speaker_label
from corroborate.report.safe import markdown_safe

CELL = {"carried": "✓ carried", "conflicting": "✗ conflicting", "absent": "–"}


def _header(analysis: Analysis) -> list[str]:
    header = sections.story_header(analysis)
    outlets = sorted({a.outlet for a in analysis.articles if a.outlet})
    dates = ""
    if header.first:
        dates = f" Published {markdown_safe(header.first[:10])}"
        if header.last and header.last[:10] != header.first[:10]:
            dates += f" to {markdown_safe(header.last[:10])}"
        dates += "."
    return [
        "# corroborate analysis",
        "",
        f"Story: **{markdown_safe(header.story, 200)}**",
        "",
        f"{len(analysis.articles)} articles from {len(outlets)} known outlets ({markdown_safe(', '.join(outlets))}); "
        f"{len(analysis.quotes)} quotations, {len(analysis.claims)} claims.{dates}",
    ]


def _findings(analysis: Analysis) -> list[str]:
    lines = ["", "## Key findings", ""]
    findings = sections.all_findings(analysis)
    if not findings:
        lines.append("No altered quotes, attribution drift, conflicting or disputed claims found.")
    outlets = {a.id: sections.outlet_of(a) for a in analysis.articles}
    for finding in findings:
        if isinstance(finding, sections.ClaimFinding):
            lines += [f"**{finding.kind}** ({markdown_safe(finding.detail, 200)})", "", "| outlet | claim |", "|---|---|"]
            lines += [
                f"| {markdown_safe(outlets.get(c.article, c.article), 60)} | {markdown_safe(c.text, 300)} |"
                for c in finding.claims
            ]
            lines.append("")
            continue
        changed = " / ".join(" ".join(side) for side in finding.changed if side)
        title = f"**{finding.kind}**" + (
            f" (changed: {markdown_safe(changed, 120)})" if changed and finding.kind != "paraphrased" else ""
        )
        if finding.note:
            title += f" ({markdown_safe(finding.note, 300)})"
        lines += [title, "", "| outlet | credited to | words |", "|---|---|---|"]
        lines += [
            f"| {markdown_safe(v.outlet, 60)} | {markdown_safe(v.speaker, 60)} | {markdown_safe(v.text, 300)} |"
            for v in finding.variants
        ]
        lines.append("")
    return lines


def _who_said_what(analysis: Analysis) -> list[str]:
    lines = ["", "## Who said what", ""]
    speakers = sections.who_said_what(analysis)
    if not speakers:
        return [*lines, "No quotations found."]
    lines += ["| speaker | outlet | described as | kind | quote |", "|---|---|---|---|---|"]
    for speaker in speakers:
        for quote, outlet in speaker.quotes:
            described = "; ".join(text for where, text in speaker.descriptions if where == outlet)
            lines.append(
                f"| {markdown_safe(speaker.name, 80)} | {markdown_safe(outlet, 60)} | {markdown_safe(described, 80)} | "
                f"{quote.kind} | {markdown_safe(quote.text, 300)} |"
            )
    return lines


def _quote_groups(analysis: Analysis) -> list[str]:
    lines = ["", "## Quote groups", ""]
    views = sections.quote_group_views(analysis)
    if not views:
        return [*lines, "No quote groups found."]
    for view in views:
        drift = ", attribution drift" if view.group.attribution_drift else ""
        drift += ", check attribution" if view.group.drift_check else ""
        changed = f" (changed: {markdown_safe(view.changed, 160)})" if view.changed else ""
        lines += [f"### Group {markdown_safe(view.group.id)}: {view.group.difference}{drift}{changed}", ""]
        lines += ["| outlet | speaker | words (changed words in bold) |", "|---|---|---|"]
        for variant in view.variants:
            words = "".join(f"**{markdown_safe(p.text)}**" if p.changed else markdown_safe(p.text) for p in variant.pieces)
            lines.append(f"| {markdown_safe(variant.outlet, 60)} | {markdown_safe(variant.speaker, 60)} | {words} |")
        lines.append("")
    return lines


def _cell(cell: sections.MatrixCell) -> str:
    """ "✓ carried" or "✗ conflicting", with the outlet's figures beside it."""
    figures = "; ".join(markdown_safe(f, 40) for f in cell.figures[:4])
    return CELL[cell.state] + (f": {figures}" if figures else "")


def _claims(analysis: Analysis) -> list[str]:
    lines = ["", "## Claims", ""]
    outlets, rows = sections.claim_matrix(analysis)
    if not rows:
        return [*lines, "No claim groups found."]
    shared = [r for r in rows if r.shared]
    single = len(rows) - len(shared)
    if shared:
        lines.append("Events × outlets: what each outlet carries, with its figures; the status and its evidence.")
        lines.append("")
        lines.append(
            "| claim | status | independent sources | evidence | " + " | ".join(markdown_safe(o, 40) for o in outlets) + " |"
        )
        lines.append("|---|---|---|---|" + "---|" * len(outlets))
        for row in shared:
            cells = " | ".join(_cell(cell) for cell in row.cells)
            evidence = " · ".join(markdown_safe(e, 240) for e in row.evidence[:3])
            status = row.status_text
            lines.append(
                f"| {markdown_safe(row.text, 200)} | {status} | {row.group.independent_sources} | {evidence} | {cells} |"
            )
        lines.append("")
    if single:
        lines.append(f"{single} more claim groups are carried by one outlet only.")
    return lines


def _citations(analysis: Analysis) -> list[str]:
    lines = ["", "## Citations", ""]
    citations = analysis.citations
    if not citations:
        return [*lines, "No citations found."]
    edges = sections.citation_edges(analysis)
    if edges:
        lines += ["| outlet | cites | times |", "|---|---|---|"]
        lines += [f"| {markdown_safe(e.source, 60)} | {markdown_safe(e.cites, 60)} | {e.count} |" for e in edges]
        lines.append("")
    outlets = {a.id: sections.outlet_of(a) for a in analysis.articles}
    lines += ["| article | outlet | cites | words |", "|---|---|---|---|"]
    for c in citations:
        cites = markdown_safe(str(c.cites), 60) + (" (self)" if c.is_self else "")
        lines.append(
            f"| {markdown_safe(c.article, 60)} | {markdown_safe(outlets.get(c.article, c.article), 60)} | {cites} | "
            f"{markdown_safe(c.text, 200)} |"
        )
    return lines


def _timeline(analysis: Analysis) -> list[str]:
    lines = ["", "## Timeline", ""]
    entries = sections.timeline(analysis)
    if not entries:
        return [*lines, "No dated events found."]
    lines += ["| date | outlet | as written | claim |", "|---|---|---|---|"]
    lines += [
        f"| {markdown_safe(e.value)} | {markdown_safe(e.outlet, 60)} | {markdown_safe(e.date.text, 60)} | "
        f"{markdown_safe(e.claim.text, 200)} |"
        for e in entries
    ]
    return lines


def _articles(analysis: Analysis) -> list[str]:
    lines = ["", "## Articles"]
    for article in analysis.articles:
        lines += [
            "",
            f"### {markdown_safe(article.outlet or 'unknown outlet')}: {markdown_safe(article.title or article.id, 200)}",
            "",
        ]
        meta = [f"id `{markdown_safe(article.id)}`"]
        if article.published:
            meta.append(f"published {markdown_safe(article.published)}")
        if article.url:
            meta.append(f"url {markdown_safe(article.url, 300)}")
        lines += [" · ".join(meta), ""]
        quotes = [q for q in analysis.quotes if q.article == article.id]
        if not quotes:
            lines.append("No quotations found.")
            continue
        lines += ["| speaker | kind | quote | via | offsets |", "|---|---|---|---|---|"]
        for q in quotes:
            lines.append(
                f"| {markdown_safe(speaker_label(q, mention=True), 80)} | {q.kind} | {markdown_safe(q.text, 300)} | "
                f"{markdown_safe(q.channel or '', 40)} | {q.start}–{q.end} |"
            )
    return lines


def render_markdown(analysis: Analysis) -> str:
    lines = _header(analysis)
    lines += _findings(analysis)
    lines += _who_said_what(analysis)
    lines += _quote_groups(analysis)
    lines += _claims(analysis)
    lines += _citations(analysis)
    lines += _timeline(analysis)
    lines += _articles(analysis)
    if analysis.warnings:
        lines += ["", "## Warnings", ""]
        lines += [f"- {markdown_safe(w.source)}: {markdown_safe(w.message, 300)}" for w in analysis.warnings]
    return "\n".join(lines) + "\n"
