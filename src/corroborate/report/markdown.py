"""The same findings as the terminal view, as Markdown for a newsroom document or a ticket."""

from __future__ import annotations

from corroborate.model import Analysis
from corroborate.report.findings import key_findings
from corroborate.report.safe import markdown_safe
from corroborate.report.terminal import speaker_label


def render_markdown(analysis: Analysis) -> str:
    lines = ["# corroborate analysis", ""]
    outlets = sorted({a.outlet for a in analysis.articles if a.outlet})
    lines.append(
        f"{len(analysis.articles)} articles from {len(outlets)} known outlets ({markdown_safe(', '.join(outlets))}); "
        f"{len(analysis.quotes)} quotations."
    )
    lines += ["", "## Key findings", ""]
    findings = key_findings(analysis)
    if not findings:
        lines.append("No altered quotes or attribution drift found.")
    for finding in findings:
        changed = " / ".join(" ".join(side) for side in finding.changed if side)
        title = f"**{finding.kind}**" + (
            f" (changed: {markdown_safe(changed, 120)})" if changed and finding.kind != "paraphrased" else ""
        )
        lines += [title, "", "| outlet | credited to | words |", "|---|---|---|"]
        lines += [
            f"| {markdown_safe(v.outlet, 60)} | {markdown_safe(v.speaker, 60)} | {markdown_safe(v.text, 300)} |"
            for v in finding.variants
        ]
        lines.append("")
    lines.append("")
    lines.append("## Who said what")
    for article in analysis.articles:
        lines += [
            "",
            f"### {markdown_safe(article.outlet or 'unknown outlet')}: {markdown_safe(article.title or article.id, 200)}",
            "",
        ]
        meta = [f"id `{markdown_safe(article.id)}`"]
        if article.published:
            meta.append(f"published {markdown_safe(article.published)}")
        lines += [" · ".join(meta), ""]
        quotes = [q for q in analysis.quotes if q.article == article.id]
        if not quotes:
            lines.append("No quotations found.")
            continue
        lines += ["| speaker | kind | quote | via | offsets |", "|---|---|---|---|---|"]
        for q in quotes:
            lines.append(
                f"| {markdown_safe(speaker_label(q), 80)} | {q.kind} | {markdown_safe(q.text, 300)} | "
                f"{markdown_safe(q.channel or '', 40)} | {q.start}–{q.end} |"
            )
    if analysis.warnings:
        lines += ["", "## Warnings", ""]
        lines += [f"- {markdown_safe(w.source)}: {markdown_safe(w.message, 300)}" for w in analysis.warnings]
    return "\n".join(lines) + "\n"
