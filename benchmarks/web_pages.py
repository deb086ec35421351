"""Real news pages through corroborate's HTML reader, side by side with trafilatura alone.

The pages are ../shared/bench/html/ (181 pages of the article-extraction-benchmark,
each with its true article body and URL), read in place. Per page:

- body: 4-word shingles (case kept) of the extracted text against the true body;
  mean precision and recall over the pages, F1 of the two means;
- outlet: judged from the URL (there is no outlet truth). A name is right when the
  registry maps the URL's host to it, or, lower-cased with only letters and digits
  kept ("the" dropped), against a label of the URL's host (its registered domain or
  a subdomain, likewise squashed): the two are equal; the name holds the label (3+
  characters); the label is an abbreviation of the name (its letters in order, the
  first one shared: ctpost -> Connecticut Post); they share a run of 5+ characters
  (mysanantonio -> San Antonio Express-News); or the name's initials begin the
  registered domain's label (The Wall Street Journal -> wsj). A name that holds a
  URL, a slash, "copyright" or a year is wrong; no outlet is wrong. The judge is
  lenient (a tagline sharing a word with the domain passes), so `--list` prints
  every page's outlet for reading;
- date: where the URL carries a full date (/2019/11/18/, 2019-11-19, /2019/nov/18/),
  the publication day must equal it;
- with --nlp, every page's quotes and claims (the project's extractors): how many lie
  in `boilerplate` zones (extracted from boilerplate: must be 0), and how many lie
  outside the true body (their words not in the true body: boilerplate that reached
  the extractors), headline and byline zones left out; and the true-body words
  in caption and boilerplate zones (body lost to the extractors);
- language: pages warned as not English, pages left "und" without a warning;
- claims lost: articles whose claim extraction failed.

Run from the repository root:

    PYTHONPATH=src .venv/bin/python benchmarks/web_pages.py [--nlp] [--list] [--limit N]

Run it with PYTHONPATH pointing at another tree's src to measure that tree (the
script reads only fields every version has).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT.parent / "shared" / "bench" / "html"

_WORD = re.compile(r"\w+")
_URL_DATE = (
    re.compile(r"(?<!\d)((?:19|20)\d\d)([/-])(0[1-9]|1[0-2])\2(0[1-9]|[12]\d|3[01])(?!\d)"),
    re.compile(r"/((?:19|20)\d\d)/(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/(\d\d)/", re.I),
)
_MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}
_NOT_A_NAME = re.compile(r"https?:|www\.|/|copyright|©|\b(?:19|20)\d\d\b", re.I)


def shingles(text: str) -> set[tuple[str, ...]]:
    words = _WORD.findall(text)
    return {tuple(words[i : i + 4]) for i in range(max(0, len(words) - 3))}


def url_date(url: str) -> str | None:
    if match := _URL_DATE[0].search(url):
        return f"{match.group(1)}-{match.group(3)}-{match.group(4)}"
    if match := _URL_DATE[1].search(url):
        return f"{match.group(1)}-{_MONTHS[match.group(2).lower()]:02d}-{match.group(3)}"
    return None


def _squash(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", re.sub(r"^the\s+", "", name.casefold()))


def _subsequence(short: str, long: str) -> bool:
    letters = iter(long)
    return all(ch in letters for ch in short)


def _common_run(a: str, b: str) -> int:
    """Length of the longest run of characters `a` and `b` share."""
    best = 0
    for i in range(len(a)):
        for j in range(i + best + 1, len(a) + 1):
            if a[i:j] not in b:
                break
            best = j - i
    return best


def outlet_right(name: str | None, url: str, registry: Any) -> bool:
    import tldextract

    if not name or _NOT_A_NAME.search(name):
        return False
    known = registry.by_domain(url)
    if known is not None and (registry.resolve(name) or known).name == known.name:
        return True
    parts = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)(url)
    labels = [_squash(label) for label in (*parts.subdomain.split("."), parts.domain) if label not in ("", "www")]
    squashed = _squash(name)
    for label in labels:
        if squashed == label or (len(label) >= 3 and label in squashed):
            return True
        if len(label) >= 3 and label[0] == squashed[:1] and _subsequence(label, squashed):
            return True  # an abbreviation: ctpost -> Connecticut Post, nbcdfw -> NBC 5 Dallas-Fort Worth
        if _common_run(label, squashed) >= 5:
            return True  # mysanantonio -> San Antonio Express-News
    words = [w for w in re.findall(r"[a-z0-9]+", name.casefold()) if w != "the"]
    initials = "".join(w[0] for w in words)
    return len(initials) >= 2 and _squash(parts.domain).startswith(initials)


def trafilatura_alone(html: str, url: str) -> dict[str, Any]:
    import trafilatura

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        document = trafilatura.bare_extraction(html, url=url, with_metadata=True, include_comments=False)
    if document is None:
        return {"text": "", "outlet": None, "date": None}
    return {"text": document.text or "", "outlet": document.sitename, "date": document.date}


def ours(html: bytes, url: str, source: str, registry: Any) -> dict[str, Any]:
    from corroborate.errors import InputError
    from corroborate.ingest.readers import ReadContext, read_html

    try:
        result = read_html(html, source, ReadContext(registry, url=url))
    except InputError:
        return {"text": "", "outlet": None, "date": None, "article": None, "warnings": []}
    article = result.articles[0]
    return {
        "text": article.text,
        "outlet": article.outlet,
        "date": article.published,
        "article": article,
        "warnings": result.warnings,
        "credit": getattr(article, "credit", None),
    }


def _inside(text: str, truth_words: str) -> bool:
    """Whether most of `text`'s 4-word shingles (or, when shorter, its words) are in the true body."""
    words = _WORD.findall(text)
    if len(words) < 4:
        return " ".join(words) in truth_words
    grams = [" ".join(words[i : i + 4]) for i in range(len(words) - 3)]
    return sum(g in truth_words for g in grams) >= 0.5 * len(grams)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nlp", action="store_true", help="also run the quote and claim extractors (slow)")
    parser.add_argument("--list", action="store_true", help="print each page's outlet and date, ours and trafilatura's")
    parser.add_argument("--limit", type=int, default=0, help="only the first N pages")
    parser.add_argument(
        "--outside", type=Path, help="with --nlp, write the quotes and claims outside the true body here (JSON lines)"
    )
    args = parser.parse_args()

    from corroborate.ingest.outlets import OutletRegistry

    registry = OutletRegistry.load()
    truth: dict[str, dict[str, str]] = json.loads((PAGES / "ground-truth.json").read_text("utf-8"))
    keys = sorted(truth)[: args.limit or None]
    totals: dict[str, Counter[str]] = {"ours": Counter(), "trafilatura": Counter()}
    precision: dict[str, list[float]] = {"ours": [], "trafilatura": []}
    recall: dict[str, list[float]] = {"ours": [], "trafilatura": []}
    mine: list[tuple[str, dict[str, Any]]] = []
    for key in keys:
        url, body = truth[key]["url"], truth[key]["articleBody"]
        raw = gzip.decompress((PAGES / "pages" / f"{key}.html.gz").read_bytes())
        expected_date = url_date(url)
        gold = shingles(body)
        for who, got in (
            ("trafilatura", trafilatura_alone(raw.decode("utf-8", "replace"), url)),
            ("ours", ours(raw, url, f"{key[:12]}.html", registry)),
        ):
            found = shingles(got["text"])
            common = len(found & gold)
            precision[who].append(common / len(found) if found else 0.0)
            recall[who].append(common / len(gold) if gold else 1.0)
            count = totals[who]
            count["pages"] += 1
            count["outlet right"] += outlet_right(got["outlet"], url, registry)
            if expected_date:
                count["pages with a URL date"] += 1
                count["date right"] += (got["date"] or "")[:10] == expected_date
            if who == "ours":
                mine.append((key, got))
                codes = {w.code for w in got["warnings"]}
                article = got["article"]
                count["not_english warned"] += "not_english" in codes
                count["und, no warning"] += bool(article) and article.language == "und" and "not_english" not in codes
                count["bad_date warned"] += "bad_date" in codes
                count["wire credits kept"] += bool(got.get("credit"))
            if args.list:
                line = f"{who[:5]:5} {url[:70]:70} {str(got['outlet'])[:28]:28} {str(got['date'])[:25]:25} {expected_date}"
                print(line)
    if args.nlp:
        _extracted(mine, truth, totals["ours"], registry, args.outside)

    print(f"{len(keys)} pages of {PAGES}")
    print(f"{'':32}{'trafilatura':>14}{'ours':>14}")
    for who in ("trafilatura", "ours"):
        p, r = sum(precision[who]) / len(keys), sum(recall[who]) / len(keys)
        totals[who]["body P"], totals[who]["body R"], totals[who]["body F1"] = p, r, 2 * p * r / (p + r)  # type: ignore[assignment]
    rows = ["body P", "body R", "body F1", "outlet right", "date right", "pages with a URL date"]
    rows += [k for k in totals["ours"] if k not in rows and k != "pages"]
    for row in rows:
        cells = []
        for who in ("trafilatura", "ours"):
            value = totals[who].get(row)
            if value is None or (
                who == "trafilatura"
                and row not in ("body P", "body R", "body F1", "outlet right", "date right", "pages with a URL date")
            ):
                cells.append("")
            elif isinstance(value, float):
                cells.append(f"{value:.3f}")
            elif row in ("outlet right",):
                cells.append(f"{value} ({value / len(keys):.1%})")
            elif row == "date right":
                cells.append(f"{value} ({value / max(1, totals[who]['pages with a URL date']):.1%})")
            else:
                cells.append(str(value))
        print(f"{row:32}{cells[0]:>14}{cells[1]:>14}")
    return 0


def _extracted(
    mine: list[tuple[str, dict[str, Any]]],
    truth: dict[str, dict[str, str]],
    count: Counter[str],
    registry: Any,
    outside: Path | None = None,
) -> None:
    from corroborate.ingest.zones import zone_holding
    from corroborate.nlp.pipeline import load_pipeline
    from corroborate.pipeline import extract_articles

    nlp = load_pipeline()
    pages = [(key, got["article"]) for key, got in mine if got["article"] is not None]
    extractions = extract_articles(nlp, registry, [article for _, article in pages], claims=True)
    found: list[dict[str, str]] = []
    for (key, article), extraction in zip(pages, extractions, strict=True):
        truth_words = " ".join(_WORD.findall(truth[key]["articleBody"]))
        count["quotes"] += len(extraction.quotes)
        count["claims"] += len(extraction.claims)
        if any(w.code == "extraction_failed" for w in extraction.warnings):
            count["articles whose extraction failed"] += 1
        for kind, records in (("quotes", extraction.quotes), ("claims", extraction.claims)):
            for record in records:
                zone = zone_holding(article.zones, record.start)
                where = zone.kind if zone is not None else "body"
                if where == "boilerplate":
                    count[f"{kind} in boilerplate zones"] += 1
                if where not in ("headline", "byline", "standfirst") and not _inside(record.text, truth_words):
                    count[f"{kind} outside the true body"] += 1
                    found.append({"page": key, "kind": kind, "zone": where, "text": record.text})
        for zone in article.zones:
            if zone.kind in ("caption", "boilerplate"):
                words = len(_WORD.findall(article.text[zone.start : zone.end]))
                if _inside(article.text[zone.start : zone.end], truth_words):
                    count[f"true-body words in {zone.kind} zones"] += words
                else:
                    count[f"other words in {zone.kind} zones"] += words
        count["true-body words"] += len(truth_words.split())
    if outside is not None:
        outside.write_text("".join(json.dumps(record, ensure_ascii=False) + "\n" for record in found), "utf-8")


if __name__ == "__main__":
    sys.exit(main())
