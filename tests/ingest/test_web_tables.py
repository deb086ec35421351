"""A page built as a table keeps its paragraph breaks; its header is not glued to the first sentence."""

from __future__ import annotations

import pytest

from tests.ingest.helpers import load, only_article, write

HEADER = "Ferry dock closes for winter"
PARAS = [
    "The ferry dock on Pine Street closed on Monday after inspectors found rot in three of the wooden pilings that hold up the landing.",
    "The dock handles roughly two thousand passengers a day between the island and the mainland, and the closure left commuters waiting.",
    "Engineers expect to finish a full assessment of the pilings by the end of next week, according to the port authority.",
]
NAV = "<tr><td class='nav'><a href='/'>Home</a></td></tr>"


@pytest.mark.parametrize(
    "cell",
    [
        f"<b>{HEADER}</b><br>{PARAS[0]}<br><br>{PARAS[1]}<br><br>{PARAS[2]}",
        f"<h2>{HEADER}</h2><p>{PARAS[0]}</p><p>{PARAS[1]}</p><p>{PARAS[2]}</p>",
    ],
)
def test_page_built_as_a_table_keeps_paragraphs(tmp_path, registry, cell):
    html = f"<html><head><title>{HEADER}</title></head><body><table>{NAV}<tr><td>{cell}</td></tr></table></body></html>"
    article = only_article(load([write(tmp_path / "t.html", html)], registry))
    spans = [article.text[z.start : z.end] for z in article.zones]
    for para in PARAS:
        assert para in spans
    assert f"{HEADER} {PARAS[0][:20]}" not in article.text
    assert "|" not in article.text


def test_data_table_inside_an_article_stays(tmp_path, registry):
    rows = "".join(f"<tr><td>Landing {n}</td><td>{n * 100} passengers</td></tr>" for n in (1, 2, 3))
    body = "".join(f"<p>{p}</p>" for p in PARAS)
    html = f"<html><head><title>{HEADER}</title></head><body><article><h1>{HEADER}</h1>{body}<table>{rows}</table></article></body></html>"
    article = only_article(load([write(tmp_path / "t.html", html)], registry))
    assert "\n\n".join(PARAS) in article.text
