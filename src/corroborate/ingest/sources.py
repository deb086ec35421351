"""Turn command-line inputs (files, directories, globs, `-`, URLs) into articles.

Nothing here stops at a bad input: each failure becomes an `InputError` in the
result, naming the input and the reason, and the other inputs go on.
"""

from __future__ import annotations

import codecs
import glob
import hashlib
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from corroborate.errors import InputError, InputTooLargeError, MalformedInputError
from corroborate.ingest.fetch import fetch_url
from corroborate.ingest.outlets import OutletRegistry, host_of
from corroborate.ingest.readers import READERS, ReadContext, Reader, ReadResult, read_html, read_json, read_jsonl, read_txt
from corroborate.model import Article, InputRef, Notice
from corroborate.settings import Settings

_GLOB_CHARS = re.compile(r"[*?\[]")
_URL = re.compile(r"^https?://", re.I)
CONTENT_TYPES: dict[str, Reader] = {
    "text/html": read_html,
    "application/xhtml+xml": read_html,
    "application/json": read_json,
    "application/x-ndjson": read_jsonl,
    "application/jsonl": read_jsonl,
    "text/plain": read_txt,
}


@dataclass
class LoadResult:
    articles: list[Article] = field(default_factory=list)
    warnings: list[Notice] = field(default_factory=list)
    errors: list[InputError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # skipped files: informative only
    inputs: list[InputRef] = field(default_factory=list)


@dataclass(frozen=True)
class _Input:
    kind: str  # file | url | stdin
    name: str


def expand_inputs(specs: Iterable[str], result: LoadResult, follow_links: bool = False) -> Iterator[_Input]:
    """Each file, URL or stdin named by `specs`; directory walks skip unread types with a note.

    One spec yields each file once (`dir/**` matches a folder and its files); a
    file named by two specs is read twice and reported as a duplicate.
    """
    for spec in specs:
        seen: set[Path] = set()
        for item in _expand([spec], result, follow_links):
            if item.kind == "file":
                resolved = Path(item.name).resolve()
                if resolved in seen:
                    continue
                seen.add(resolved)
            yield item


def _expand(specs: Iterable[str], result: LoadResult, follow_links: bool) -> Iterator[_Input]:
    for spec in specs:
        if spec == "-":
            yield _Input("stdin", "stdin")
        elif _URL.match(spec):
            yield _Input("url", spec)
        elif Path(spec).is_dir():
            yield from _walk(Path(spec), result, follow_links)
        elif Path(spec).exists():
            yield _Input("file", spec)
        elif _GLOB_CHARS.search(spec):
            matches = sorted(glob.glob(spec, recursive=True))
            if not matches:
                result.errors.append(InputError(spec, "no file matches this pattern"))
            for match in matches:
                path = Path(match)
                if path.is_dir():
                    yield from _walk(path, result, follow_links)
                elif path.suffix.lower() in READERS:
                    yield _Input("file", match)
                else:
                    result.notes.append(f"skipped {match}: file type {path.suffix!r} is not read")
        else:
            result.errors.append(InputError(spec, "no such file or directory"))


def _walk(root: Path, result: LoadResult, follow_links: bool) -> Iterator[_Input]:
    """The files of a folder and its subfolders (not hidden ones); a file that resolves
    outside the folder (a symlink to /etc/passwd) is skipped with a note unless `follow_links`."""
    inside = root.resolve()
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if any(part.startswith(".") for part in relative.parts) or not path.is_file():
            continue
        if not follow_links and not path.resolve().is_relative_to(inside):
            result.notes.append(f"skipped {path}: it links outside {root} (--follow-links reads it)")
            continue
        if path.suffix.lower() in READERS and path.suffix:
            yield _Input("file", str(path))
        else:
            result.notes.append(f"skipped {path}: file type {path.suffix or '(none)'!r} is not read")


def load_articles(
    specs: Iterable[str], settings: Settings, registry: OutletRegistry | None = None, stdin: BinaryIO | None = None
) -> LoadResult:
    """Read every input named by `specs` into articles; failures are collected, not raised."""
    registry = registry or OutletRegistry.load(settings.outlet_files)
    result = LoadResult()
    for item in expand_inputs(specs, result, settings.follow_links):
        try:
            data, reader, context = _read_input(item, settings, registry, stdin)
        except InputError as error:
            result.errors.append(error)
            continue
        result.inputs.append(InputRef(source=item.name, sha256=hashlib.sha256(data).hexdigest()))
        try:
            read: ReadResult = reader(data, item.name, context)
        except InputError as error:
            result.errors.append(error)
            continue
        result.warnings.extend(read.warnings)
        result.errors.extend(read.errors)
        result.articles.extend(read.articles)
    result.articles = deduplicate(result.articles, result.warnings)
    return result


def _read_input(
    item: _Input, settings: Settings, registry: OutletRegistry, stdin: BinaryIO | None
) -> tuple[bytes, Reader, ReadContext]:
    if item.kind == "url":
        fetched = fetch_url(
            item.name, timeout=settings.url_timeout, max_bytes=settings.max_bytes, max_redirects=settings.max_redirects
        )
        # A URL without a file suffix ("/news/dock-story") says nothing: sniff the bytes.
        reader = (
            CONTENT_TYPES.get(fetched.content_type) or reader_for_suffix(fetched.url, for_url=True) or sniff_reader(fetched.data)
        )
        return fetched.data, reader, ReadContext(registry, url=fetched.url, default_id=id_from_url(fetched.url))
    if item.kind == "stdin":
        stream = stdin or sys.stdin.buffer
        data = stream.read(settings.max_bytes + 1)
        if len(data) > settings.max_bytes:
            raise InputTooLargeError("stdin", f"more than {settings.max_bytes} bytes; raise the cap with --max-bytes")
        return data, sniff_reader(data), ReadContext(registry, default_id="stdin")
    path = Path(item.name)
    file_reader = reader_for_suffix(item.name)
    if file_reader is None:
        raise MalformedInputError(item.name, f"file type {path.suffix!r} is not read; give .txt, .html, .htm, .json or .jsonl")
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            # A device (/dev/zero), a FIFO or a socket: never opened (a FIFO blocks, a device never ends).
            raise MalformedInputError(item.name, "not a regular file (a device, pipe or socket); only regular files are read")
        if status.st_size > settings.max_bytes:
            raise InputTooLargeError(
                item.name, f"{status.st_size} bytes is over the {settings.max_bytes}-byte cap; raise it with --max-bytes"
            )
        with path.open("rb") as stream:
            data = stream.read(settings.max_bytes + 1)  # bounded even if the file grows meanwhile
        if len(data) > settings.max_bytes:
            raise InputTooLargeError(item.name, f"more than {settings.max_bytes} bytes; raise the cap with --max-bytes")
    except InputError:
        raise
    except OSError as exc:
        raise InputError(item.name, f"cannot read file: {exc.strerror or exc}") from exc
    return data, file_reader, ReadContext(registry)


def reader_for_suffix(name: str, for_url: bool = False) -> Reader | None:
    """The reader for a path's or URL's suffix. A file without one reads as text; a
    URL without one has no reader (the caller sniffs the bytes)."""
    suffix = Path(name.split("?", 1)[0].split("#", 1)[0]).suffix.lower()
    if not suffix and for_url:
        return None
    return READERS.get(suffix)


def sniff_reader(data: bytes) -> Reader:
    head = data.removeprefix(codecs.BOM_UTF8).lstrip()[:200].lower()
    if head.startswith(b"["):
        return read_json
    if head.startswith(b"{"):
        # Several lines that each open an object: JSONL; otherwise one JSON document.
        lines = [line for line in data.removeprefix(codecs.BOM_UTF8).split(b"\n") if line.strip()]
        return read_jsonl if len(lines) > 1 and all(line.lstrip().startswith(b"{") for line in lines) else read_json
    if head.startswith((b"<!doctype html", b"<html", b"<head", b"<body", b"<article")):
        return read_html
    return read_txt


def id_from_url(url: str) -> str:
    path = url.split("?", 1)[0].split("#", 1)[0].rstrip("/")
    tail = path.rsplit("/", 1)[-1] if path.count("/") > 2 else ""
    tail = re.sub(r"\.(html?|php|aspx?|txt|json)$", "", tail, flags=re.I)
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", tail or host_of(url)).strip("-")
    return slug[:80] or "url"


def deduplicate(articles: list[Article], warnings: list[Notice]) -> list[Article]:
    """Drop an article that repeats an earlier one (same text, same outlet); make ids unique.

    The same text from two different outlets is syndicated copy, not a duplicate:
    both are kept (which outlet carried what matters later), with a note.
    """
    by_key: dict[tuple[str, str | None], str] = {}
    by_hash: dict[str, str] = {}
    ids: set[str] = set()
    kept: list[Article] = []
    for article in articles:
        key = (article.sha256, article.outlet)
        if key in by_key:
            warnings.append(
                Notice(
                    source=article.source,
                    code="duplicate",
                    message=f"same text as article {by_key[key]!r}; analysed once",
                )
            )
            continue
        if article.sha256 in by_hash:
            warnings.append(
                Notice(
                    source=article.source,
                    code="same_text",
                    message=f"same text as article {by_hash[article.sha256]!r} from another outlet (syndicated copy?)",
                )
            )
        if article.id in ids:
            new_id = next(f"{article.id}-{n}" for n in range(2, len(articles) + 2) if f"{article.id}-{n}" not in ids)
            warnings.append(
                Notice(
                    source=article.source,
                    code="duplicate_id",
                    message=f"article id {article.id!r} is taken; this article is {new_id!r}",
                )
            )
            article = article.model_copy(update={"id": new_id})
        ids.add(article.id)
        by_key[key] = article.id
        by_hash.setdefault(article.sha256, article.id)
        kept.append(article)
    return kept
