"""Readers: turn the bytes of one input into articles.

Each reader is a pure function of (bytes, source name, context) returning the
articles it found and the warnings it raised. A reader raises `InputError` when
the whole input is unusable; a bad record inside a JSON/JSONL file becomes an
`InputError` in the result's `errors` while the good records go on.
"""

from __future__ import annotations

import bisect
import datetime as dt
import hashlib
import json
import re
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from corroborate.errors import EmptyInputError, InputError, MalformedInputError
from corroborate.ingest.dates import is_placeholder, to_iso8601
from corroborate.ingest.decode import decode_bytes
from corroborate.ingest.file_names import NameMetadata, name_metadata
from corroborate.ingest.frontmatter import split_front_matter
from corroborate.ingest.language import detect_language, script_of
from corroborate.ingest.outlets import OutletRegistry, registered_domain
from corroborate.ingest.page_links import link_texts, parsed_page, without_popups
from corroborate.ingest.zones import find_zones
from corroborate.model import Article, Notice, Zone

_MIN_HTML_WORDS = 8  # below this, what trafilatura found is navigation ("Home"), not an article
_HOST_LIKE = re.compile(r"^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+$", re.I)
_SAFE_URL = re.compile(r"^https?://[^\s<>\"'`]+$", re.I)
# A JSON or YAML escape can name half of a UTF-16 pair ("\ud800") on its own: such a
# string cannot be written as UTF-8 (hashing, JSON output, the store all fail on it).
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_TOO_DEEP = "JSON nested too deeply to read (arrays or objects inside each other thousands of levels down)"


@dataclass
class ReadResult:
    articles: list[Article] = field(default_factory=list)
    warnings: list[Notice] = field(default_factory=list)
    errors: list[InputError] = field(default_factory=list)


@dataclass(frozen=True)
class ReadContext:
    registry: OutletRegistry
    url: str | None = None  # where the bytes came from, for URL inputs
    default_id: str | None = None


Reader = Callable[[bytes, str, ReadContext], ReadResult]


_HEADLINE_STOP = re.compile(r"[^.!?…]\.$")  # one final stop: not "…", not "etc.." or "U.S."
_MAX_HEADLINE_WORDS = 14
_MINOR_WORDS = frozenset("a an the and or but of to in on at for by with from as into over after is are vs".split())


def headline_with_stop(text: str) -> str | None:
    """A first line that ends in "." and is still a headline ("Tara Reid Checks Into Rehab."):
    one short line above the body, in headline case (its main words capitalised, as no
    lead sentence is). Only the title: zones keep the line in the body, so a line that
    could be a lead sentence still yields its quotes and claims."""
    head, _, rest = text.strip().partition("\n")
    head = head.strip()
    if not rest.strip() or len(head) > 120 or not _HEADLINE_STOP.search(head):
        return None
    words = re.findall(r"[\w'’-]+", head[:-1])
    if not 2 <= len(words) <= _MAX_HEADLINE_WORDS or not words[0][:1].isupper():
        return None
    main = [w for w in words[1:] if w.casefold() not in _MINOR_WORDS and not w[:1].isdigit()]
    capitalised = sum(1 for w in main if w[:1].isupper())
    return head if main and capitalised == len(main) else None


def article_from_text(
    text: str,
    *,
    article_id: str,
    source: str,
    meta: Mapping[str, Any],
    registry: OutletRegistry,
    date_origin: str,
    result: ReadResult,
    links: frozenset[str] = frozenset(),
    named: NameMetadata = NameMetadata(),
) -> Article:
    """Build an Article from its text and metadata, appending warnings to `result`.
    `links`: the texts of the page's links, when the text comes from a web page;
    `named`: what the file's name says, read when the rest says no outlet or date."""
    text = without_lone_surrogates(text, source, result)  # one for one: offsets keep
    meta = plain_metadata(meta, source, result)
    given_title = _str(meta.get("title"))
    # Only an explicit standfirst: many sites copy the lede into their meta description.
    zones = find_zones(text, given_title, _str(meta.get("standfirst")), links=links)
    title = given_title
    if title is None and zones and zones[0].kind == "headline":
        title = text[zones[0].start : zones[0].end]  # the first line standing alone
    elif title is None:
        title = headline_with_stop(text)
    url = _str(meta.get("url"))
    if url is not None and not _SAFE_URL.match(url):
        result.warnings.append(
            Notice(source=source, code="bad_url", message=f"ignored unusable url {url[:200]!r}: only http(s) URLs are kept")
        )
        url = None
    outlet_name, outlet_from, credit = _outlet(meta, url, registry)
    if outlet_name is None and named.outlet is not None:
        outlet_name, outlet_from = named.outlet, "file_name"
    if credit is None:
        credit = _dateline_wire(text, zones, registry, outlet_name)
    given = meta.get("published", meta.get("date"))
    published = to_iso8601(given) if given is not None else None
    for placeholder in _strings_of(meta.get("placeholder_dates")):
        result.warnings.append(_placeholder_notice(source, placeholder))
    if published is not None and is_placeholder(published):
        result.warnings.append(_placeholder_notice(source, str(given)))
        published = None
    elif given is not None and published is None:
        result.warnings.append(
            Notice(
                source=source,
                code="bad_date",
                message=f"cannot read publication date {str(given)[:100]!r}; use ISO 8601 (2026-11-12T09:30:00-05:00)",
            )
        )
    as_given, date_from = (str(given), date_origin) if given is not None else (None, None)
    if given is None and named.published is not None:
        published, as_given, date_from = named.published, named.published_as_given, "file_name"
    language = _str(meta.get("language")) or detect_language(text)
    if language not in ("en", "und"):
        result.warnings.append(
            Notice(
                source=source,
                code="not_english",
                message=f"text looks like language {language!r}; the English pipeline may give poor results",
            )
        )
    elif language == "und" and (script := script_of(text)) is not None:
        # A script several languages share (Cyrillic without Russian's own letters).
        result.warnings.append(
            Notice(
                source=source,
                code="not_english",
                message=f"text is in {script} script, not English (language undetermined); the English pipeline may give poor results",
            )
        )
    return Article(
        id=article_id,
        source=source,
        outlet=outlet_name,
        title=title,
        published=published,
        language=language,
        text=text,
        zones=zones,
        url=url,
        author=_str(meta.get("author")),
        published_as_given=as_given,
        published_from=date_from,
        outlet_from=outlet_from,
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        credit=credit,
    )


def read_txt(data: bytes, source: str, context: ReadContext) -> ReadResult:
    result, text = _decoded(data, source)
    meta, body = split_front_matter(text, source)
    if not body.strip():
        raise EmptyInputError(source, "front matter but no article text after it")
    if context.url and "url" not in meta:
        meta = {**meta, "url": context.url}
    return _single_article(body, meta, "front_matter", source, context, result)


def read_html(data: bytes, source: str, context: ReadContext) -> ReadResult:
    result, html = _decoded(data, source)
    text, meta, links = extract_html(html, source, context.url)
    return _single_article(text, meta, "html_metadata", source, context, result, links)


def _decoded(data: bytes, source: str) -> tuple[ReadResult, str]:
    """A fresh result holding any encoding warning, and the decoded text."""
    result = ReadResult()
    decoded = decode_bytes(data, source)
    if decoded.warning:
        result.warnings.append(Notice(source=source, code="encoding", message=decoded.warning))
    return result, decoded.text


def _single_article(
    text: str,
    meta: Mapping[str, Any],
    date_origin: str,
    source: str,
    context: ReadContext,
    result: ReadResult,
    links: frozenset[str] = frozenset(),
) -> ReadResult:
    # A fetched page's source is its URL: only a file's own name is read.
    named = name_metadata(source, context.registry) if context.url is None and source != "-" else NameMetadata()
    result.articles.append(
        article_from_text(
            text,
            article_id=_id_for(source, context),
            source=source,
            meta=meta,
            registry=context.registry,
            date_origin=date_origin,
            result=result,
            links=links,
            named=named,
        )
    )
    return result


def extract_html(html: str, source: str, url: str | None = None) -> tuple[str, dict[str, Any], frozenset[str]]:
    """Main text (paragraphs separated by blank lines), metadata and link texts
    (`ingest.page_links`) of an HTML page."""
    import lxml.html
    import trafilatura  # deferred: it is slow to import and only HTML needs it
    from trafilatura.settings import Document

    html = without_fallbacks(html)  # <noscript>, <iframe>…: text for other readers, never the article
    links: frozenset[str] = frozenset()
    if (root := parsed_page(html)) is not None:
        links = link_texts(root)
        if without_popups(root):
            html = lxml.html.tostring(root, encoding="unicode")

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        document = trafilatura.bare_extraction(html, url=url, with_metadata=True, include_comments=False)
        if (
            isinstance(document, Document)
            and _read_as_a_table(document.text or "")
            and (unwrapped := _without_layout_tables(html))
        ):
            # A page laid out in a table: trafilatura reads the article as one cell,
            # its paragraphs and header run together. Read it again as blocks.
            again = trafilatura.bare_extraction(unwrapped, url=url, with_metadata=True, include_comments=False)
            if isinstance(again, Document) and len((again.text or "").split()) >= _MIN_HTML_WORDS:
                document = again
    # A Document or None: a dict comes only with as_dict=True.
    body = document.text if isinstance(document, Document) else None
    if not isinstance(document, Document) or body is None or len(body.split()) < _MIN_HTML_WORDS:
        raise EmptyInputError(source, "no article text found in the HTML page (navigation or boilerplate only)")
    text = "\n\n".join(line.strip() for line in body.splitlines() if line.strip())
    meta = {
        "title": document.title,
        "author": document.author,
        # trafilatura keeps only the day (its date is the better one on real pages): the
        # page's own timestamp adds the time of day when it falls on that day.
        "published": published_in_html(html, document.date) or document.date,
        "placeholder_dates": placeholder_dates_in_html(html),
        "sitename": document.sitename,
        "url": document.url or url,
        "description": document.description,
    }
    return text, {k: v for k, v in meta.items() if v}, links


# Elements whose text is a fallback for readers without scripts, frames or plugins
# ("Please enable JavaScript", "Your browser does not support iframes"), never the article.
_FALLBACK_OPEN = re.compile(r"<(noscript|iframe|object|template)\b", re.I)
_FALLBACK_CLOSE = {name: re.compile(rf"</{name}\s*>", re.I) for name in ("noscript", "iframe", "object", "template")}


# Where a page's markup is not markup: a script's or style's text, a comment. "<iframe" in
# an ad script's string opens no element.
_OPAQUE_OPEN = re.compile(r"<(script|style)\b|<!--", re.I)
_OPAQUE_CLOSE = {
    "script": re.compile(r"</script\s*>", re.I),
    "style": re.compile(r"</style\s*>", re.I),
    "<!--": re.compile(r"-->"),
}


def _opaque_spans(html: str) -> list[tuple[int, int]]:
    """The page's scripts, styles and comments as (start, end), in order; an unclosed one
    runs to the end. One pass over the page."""
    spans: list[tuple[int, int]] = []
    position = 0
    while (match := _OPAQUE_OPEN.search(html, position)) is not None:
        kind = (match.group(1) or "<!--").lower()
        close = _OPAQUE_CLOSE[kind].search(html, match.end())
        end = close.end() if close else len(html)
        spans.append((match.start(), end))
        position = end
    return spans


def without_fallbacks(html: str) -> str:
    """`html` without its <noscript>, <iframe>, <object> and <template> elements (an unclosed
    one runs to the end, as a browser with scripts reads it). Their tags inside a script,
    a style or a comment are text, not elements. Linear in the page's length; a page
    without them is returned unchanged."""
    if not _FALLBACK_OPEN.search(html):
        return html
    opaque = _opaque_spans(html)
    starts = [start for start, _ in opaque]

    def inside_opaque(offset: int) -> int | None:
        """The end of the script, style or comment holding `offset`, or None."""
        n = bisect.bisect_right(starts, offset) - 1
        return opaque[n][1] if n >= 0 and offset < opaque[n][1] else None

    kept: list[str] = []
    position = 0
    unclosed: set[str] = set()  # no closing tag after here: every later one runs to the end too
    search_from = 0
    while (match := _FALLBACK_OPEN.search(html, search_from)) is not None:
        search_from = match.end()
        if (skip := inside_opaque(match.start())) is not None:
            search_from = skip
            continue
        name = match.group(1).lower()
        kept.append(html[position : match.start()])
        close = None
        if name not in unclosed:
            close_from = match.end()
            while (close := _FALLBACK_CLOSE[name].search(html, close_from)) is not None:
                if (skip := inside_opaque(close.start())) is None:
                    break
                close_from = skip
        if close is None:
            unclosed.add(name)
            position = len(html)
            break
        position = search_from = close.end()
    kept.append(html[position:])
    return "".join(kept)


def _read_as_a_table(text: str) -> bool:
    """Whether trafilatura's text is table rows ("| cell | cell |"), most of its words in them."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    in_rows = sum(len(line.split()) for line in lines if line.startswith("|"))
    return bool(lines) and in_rows > 0.8 * sum(len(line.split()) for line in lines)


_LAYOUT_CELL = ".//td//p | .//td//br | .//td//h1 | .//td//h2 | .//td//h3 | .//td//h4 | .//td//div"


def _without_layout_tables(html: str) -> str | None:
    """The page with each layout table (cells holding paragraphs, headings or line
    breaks) turned into plain blocks, or None when it has none or cannot be parsed."""
    import lxml.html  # trafilatura's own parser

    try:
        root = lxml.html.fromstring(html)
    except (ValueError, lxml.etree.ParserError):
        return None
    tables = [table for table in root.iter("table") if table.xpath(_LAYOUT_CELL)]
    if not tables:
        return None
    for table in tables:
        for element in [table, *table.iter("tbody", "thead", "tfoot", "tr", "td", "th")]:
            element.tag = "div"
    return lxml.html.tostring(root, encoding="unicode")


_PUBLISHED_META = re.compile(
    r"""<meta\s[^>]*?(?:property|name|itemprop)\s*=\s*["'](?:article:published_time|datePublished|pubdate|publishdate|date)["'][^>]*>""",
    re.I,
)
_CONTENT_ATTR = re.compile(r"""content\s*=\s*["']([^"'<>]{4,40})["']""", re.I)
_JSON_LD_DATE = re.compile(r'"datePublished"\s*:\s*"([^"<>]{4,40})"')


def _page_timestamps(html: str) -> list[str]:
    """The publication timestamps a page declares (meta tags, then JSON-LD), as written."""
    head = html[:200_000]
    found = [content.group(1) for tag in _PUBLISHED_META.finditer(head) if (content := _CONTENT_ATTR.search(tag.group(0)))]
    return found + [match.group(1) for match in _JSON_LD_DATE.finditer(head)]


def published_in_html(html: str, day: str | None = None) -> str | None:
    """The full publication timestamp a page declares (meta tag or JSON-LD), if any:
    the first readable one that is no placeholder and, when `day` is given, that falls
    on that day in its own zone (a zoneless one on its wall-clock day)."""
    for stamp in _page_timestamps(html):
        iso = to_iso8601(stamp)
        if iso and not is_placeholder(iso) and (day is None or iso[:10] == day[:10]):
            return stamp
    return None


def placeholder_dates_in_html(html: str) -> list[str]:
    """The page's publication timestamps that are a content system's 'no date' value ("0001-01-01")."""
    return list(dict.fromkeys(s for s in _page_timestamps(html) if (iso := to_iso8601(s)) and is_placeholder(iso)))


def _placeholder_notice(source: str, given: str) -> Notice:
    return Notice(
        source=source,
        code="bad_date",
        message=f"ignored publication date {given[:100]!r}: a placeholder, not a real date (the page gave no date there)",
    )


def _strings_of(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)] if isinstance(value, list | tuple) else []


def read_json(data: bytes, source: str, context: ReadContext) -> ReadResult:
    result, text = _decoded(data, source)
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedInputError(source, f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
    except RecursionError as exc:
        raise MalformedInputError(source, _TOO_DEEP) from exc
    records = payload if isinstance(payload, list) else [payload]
    if not records:
        raise EmptyInputError(source, "a JSON list with no records; give objects with 'id' and 'text'")
    for index, record in enumerate(records):
        _add_record(record, f"{source}[{index}]" if isinstance(payload, list) else source, context, result)
    return result


def read_jsonl(data: bytes, source: str, context: ReadContext) -> ReadResult:
    result, text = _decoded(data, source)
    # Split on newlines only: str.splitlines() also breaks at U+2028/U+2029/U+0085,
    # which JSON writers leave raw inside strings.
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.removesuffix("\r")
        if not line.strip():
            continue
        where = f"{source}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            result.errors.append(MalformedInputError(where, f"line {number} is not valid JSON ({exc.msg} at column {exc.colno})"))
            continue
        except RecursionError:
            result.errors.append(MalformedInputError(where, f"line {number}: {_TOO_DEEP}"))
            continue
        _add_record(record, where, context, result)
    return result


def without_lone_surrogates(value: str, source: str, result: ReadResult) -> str:
    """`value` with each lone surrogate replaced by U+FFFD (one for one: offsets keep), and a warning."""
    if not _LONE_SURROGATE.search(value):
        return value
    if not any(w.code == "lone_surrogate" and w.source == source for w in result.warnings):
        result.warnings.append(
            Notice(
                source=source,
                code="lone_surrogate",
                message="an escape names half a UTF-16 pair (like \\ud800); replaced with U+FFFD: check the writer of this file",
            )
        )
    return _LONE_SURROGATE.sub("\ufffd", value)


def _add_record(record: Any, where: str, context: ReadContext, result: ReadResult) -> None:
    try:
        if not isinstance(record, dict):
            raise MalformedInputError(where, f"expected a JSON object with 'id' and 'text', got {type(record).__name__}")
        record = {k: without_lone_surrogates(v, where, result) if isinstance(v, str) else v for k, v in record.items()}
        record_id = record.get("id")
        if isinstance(record_id, int) and not isinstance(record_id, bool):
            record_id = str(record_id)
        if not isinstance(record_id, str) or not record_id.strip():
            raise MalformedInputError(where, "record has no 'id' (a non-empty string); add one")
        meta = {
            k: record[k]
            for k in ("title", "url", "outlet", "published", "author", "standfirst", "language")
            if record.get(k) is not None
        }
        text = record.get("text")
        links: frozenset[str] = frozenset()
        if text is None and isinstance(record.get("html"), str):
            # A record with HTML but no text: extract the text, keep record metadata first.
            text, html_meta, links = extract_html(record["html"], where, _str(record.get("url")))
            meta = {**html_meta, **meta}
        if not isinstance(text, str):
            raise MalformedInputError(where, f"record {record_id!r} has no 'text' string; add the article text")
        if not text.strip():
            raise EmptyInputError(where, f"record {record_id!r} has empty 'text'")
        result.articles.append(
            article_from_text(
                text,
                article_id=record_id.strip(),
                source=where,
                meta=meta,
                registry=context.registry,
                date_origin="record",
                result=result,
                links=links,
            )
        )
    except InputError as error:
        result.errors.append(error)


READERS: dict[str, Reader] = {
    ".txt": read_txt,
    "": read_txt,
    ".html": read_html,
    ".htm": read_html,
    ".json": read_json,
    ".jsonl": read_jsonl,
    ".ndjson": read_jsonl,
}


# The metadata fields read from front matter, JSON records and HTML pages.
METADATA_FIELDS = ("title", "standfirst", "url", "outlet", "sitename", "published", "date", "language", "author", "description")
_SCALARS = (str, int, float, bool, dt.date)
_MAX_LISTED = 50  # items of a list-valued field ("author: [A, B]") joined into its text
_MAX_LISTED_CHARS = 10_000


def plain_metadata(meta: Mapping[str, Any], source: str, result: ReadResult) -> dict[str, Any]:
    """`meta` with each metadata field a scalar: a list of scalars is joined with ", "
    (bounded); any other structure is dropped with a `bad_metadata` warning.

    YAML aliases make a small front matter stand for an enormous structure (each level
    repeating the one before: "a billion laughs"); turning it into text with str()
    would exhaust memory, so nothing here ever stringifies a structure."""
    plain = {key: value for key, value in meta.items() if key not in METADATA_FIELDS}
    for key in METADATA_FIELDS:
        value = meta.get(key)
        if isinstance(value, str):
            plain[key] = without_lone_surrogates(value, source, result)
            continue
        if value is None or isinstance(value, _SCALARS):
            if value is not None:
                plain[key] = value
            continue
        joined = _joined(value) if isinstance(value, list | tuple) else None
        if joined is not None:
            joined = without_lone_surrogates(joined, source, result)
        if joined is None:
            result.warnings.append(
                Notice(
                    source=source,
                    code="bad_metadata",
                    message=f"ignored {key!r}: expected text, got a {type(value).__name__} holding structures",
                )
            )
        elif joined:
            plain[key] = joined
    return plain


def _joined(items: list[Any] | tuple[Any, ...]) -> str | None:
    """Scalar items joined with ", " (at most _MAX_LISTED items, _MAX_LISTED_CHARS characters); None for nested items."""
    parts: list[str] = []
    size = 0
    for item in items[:_MAX_LISTED]:
        if not isinstance(item, _SCALARS):
            return None
        piece = str(item).strip()
        if size + len(piece) > _MAX_LISTED_CHARS:
            break
        if piece:
            parts.append(piece)
            size += len(piece) + 2
    return ", ".join(parts)


def _str(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _outlet(meta: Mapping[str, Any], url: str | None, registry: OutletRegistry) -> tuple[str | None, str | None, str | None]:
    """(outlet, where it came from, wire credit). In order:

    1. the input's own `outlet` (the registry's name for it when known);
    2. the registry's outlet for the URL's host (or a host-like site name's);
    3. the page's site name, the registry's name for it when known; never a URL, a
       copyright line, nor a wire service on a site that is not the wire's (that is
       the byline's source: kept as the credit);
    4. the URL's registered domain (Public Suffix List): a host-like site name naming
       it ("Express.co.uk") as given, else the domain itself ("baltimoresun.com").
    """
    credit = _wire_credit(meta, url, registry)
    named = _str(meta.get("outlet"))
    if named:
        known = registry.resolve(named)
        return (known.name if known else named), "metadata", credit
    site = _str(meta.get("sitename"))
    # trafilatura fills a missing site name with the host ("kdvr.com"): that is a domain.
    site_host = site if site and _HOST_LIKE.match(site) else None
    for candidate in (url, site_host):
        if (by_domain := registry.by_domain(candidate)) is not None:
            return by_domain.name, "domain", credit
    known = registry.resolve(site)
    if site and not site_host and not _NOT_A_SITE_NAME.search(site) and not (known and known.name == credit):
        return (known.name if known else site), "metadata", credit
    domain = registered_domain(url) if url else None
    if site_host and (domain is None or registered_domain(site_host) == domain):
        return site_host, "domain", credit
    return (domain, "domain", credit) if domain else (None, None, credit)


# Page metadata that is no outlet's name: a URL, a copyright or rights line.
_NOT_A_SITE_NAME = re.compile(r"https?:|www\.|/|©|\(c\)|\bcopyright\b|\ball rights reserved\b", re.I)


# A wire's dateline opening the first paragraph: "WASHINGTON (AP) —", "ORLANDO, Fla.
# (Reuters) -", "(AFP) -". The parentheses name the wire. (Matched from the paragraph's
# start: no "^", which would not match there.)
_DATELINE_WIRE = re.compile(
    r"\s*(?:[A-Z][A-Za-z.'’ -]{1,40}?(?:,\s*[A-Z][A-Za-z. ]{1,20}?)?\s+)?\((?P<wire>[A-Za-z][A-Za-z .&-]{0,30})\)\s*[-—–]"
)


def _dateline_wire(text: str, zones: Sequence[Zone], registry: OutletRegistry, outlet: str | None) -> str | None:
    """The wire service whose dateline opens the article's first body paragraph (or its
    second: a headline with a final stop reads as body), when the article is not the
    wire's own: an outlet running the wire's report."""
    starts = [z.start for z in zones if z.kind == "body"][:2] or [0]
    for start in starts:
        if match := _DATELINE_WIRE.match(text, start, min(len(text), start + 120)):
            known = registry.resolve(match["wire"])
            return known.name if known is not None and known.kind == "wire" and known.name != outlet else None
    return None


def _wire_credit(meta: Mapping[str, Any], url: str | None, registry: OutletRegistry) -> str | None:
    """The wire service the site name or author names, when the URL is not the wire's own."""
    on_site = registry.by_domain(url) if url else None
    for key in ("sitename", "author"):
        known = registry.resolve(_str(meta.get(key)))
        if known is not None and known.kind == "wire" and (on_site is None or on_site.name != known.name):
            return known.name
    return None


def _id_for(source: str, context: ReadContext) -> str:
    if context.default_id:
        return context.default_id
    return PurePath(source).stem or source
