"""What a new analysis is made of (pasted texts, uploaded documents, URLs), checked against
the caps when it is submitted, and read into articles when the job runs.

Nothing a request names reaches the file system: uploads are read as bytes and parsed by
the readers for their suffix; their names only become article ids (cleaned to a safe slug).
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from corroborate.errors import FetchError, InputError, UsageError
from corroborate.ingest import LoadResult, OutletRegistry
from corroborate.ingest.fetch import AddressGuard, fetch_url
from corroborate.ingest.readers import READERS, ReadContext, read_txt
from corroborate.ingest.sources import CONTENT_TYPES, deduplicate, id_from_url, reader_for_suffix, sniff_reader
from corroborate.model import Article, InputRef
from corroborate.settings import DEFAULT_URL_TIMEOUT, DEFAULT_WEB_MAX_BYTES, MIB, Settings
from corroborate.web.security import check_url_host

UPLOAD_SUFFIXES = (".txt", ".html", ".htm", ".jsonl", ".json")
# A line of five or more "=" alone separates two pasted articles.
PASTE_SEPARATOR = re.compile(r"^\s*={5,}\s*$", re.M)


# The size caps of one submission, all derived from the cap per file (`serve --max-file-mb`):
# - per file (an upload, a pasted article, a fetched page): `DEFAULT_WEB_MAX_BYTES`, 2 MiB
#   by default (settings.py says why it is below the command line's 5 MB);
# - in all: five files' worth (10 MiB by default);
# - the request body: that total plus 1 MiB for multipart boundaries and headers and the
#   JSON escapes of pasted text (11 MiB by default: the value `serve` has always used).
FILES_PER_SUBMISSION = 5
REQUEST_OVERHEAD_BYTES = 1 * MIB


def total_bytes_for(file_bytes: int) -> int:
    """The cap on a submission's inputs in all, for a cap of `file_bytes` per file."""
    return FILES_PER_SUBMISSION * file_bytes


def request_bytes_for(file_bytes: int) -> int:
    """The cap on a request body (refused with 413 before it is parsed), for a cap of `file_bytes` per file."""
    return total_bytes_for(file_bytes) + REQUEST_OVERHEAD_BYTES


@dataclass(frozen=True)
class Caps:
    """Limits on one submission; over any of them the request is refused (413 or 400)."""

    max_request_bytes: int = request_bytes_for(DEFAULT_WEB_MAX_BYTES)
    max_files: int = 20
    max_file_bytes: int = DEFAULT_WEB_MAX_BYTES
    max_total_bytes: int = total_bytes_for(DEFAULT_WEB_MAX_BYTES)
    max_texts: int = 50
    max_urls: int = 20
    url_timeout: float = DEFAULT_URL_TIMEOUT

    @classmethod
    def for_file_bytes(cls, file_bytes: int, **others: Any) -> Caps:
        """The caps for `file_bytes` per file: the total and the request body follow from it."""
        return cls(
            max_file_bytes=file_bytes,
            max_total_bytes=total_bytes_for(file_bytes),
            max_request_bytes=request_bytes_for(file_bytes),
            **others,
        )


@dataclass
class JobInputs:
    texts: list[str] = field(default_factory=list)
    documents: list[tuple[str, bytes]] = field(default_factory=list)  # (cleaned name, bytes)
    urls: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "texts": self.texts,
            "documents": [{"name": n, "data": base64.b64encode(d).decode("ascii")} for n, d in self.documents],
            "urls": self.urls,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> JobInputs:
        return cls(
            texts=list(data.get("texts") or []),
            documents=[(d["name"], base64.b64decode(d["data"])) for d in data.get("documents") or []],
            urls=list(data.get("urls") or []),
        )

    def count(self) -> int:
        return len(self.texts) + len(self.documents) + len(self.urls)


def split_pasted(text: str) -> list[str]:
    """One pasted box may hold several articles, separated by a line of `=====`."""
    return [part.strip("\n") + "\n" for part in PASTE_SEPARATOR.split(text.replace("\r\n", "\n")) if part.strip()]


def clean_name(name: str, index: int) -> str:
    """An uploaded file's name reduced to a safe base name with a readable suffix; never a path."""
    base = PurePosixPath(name.replace("\\", "/")).name
    suffix = PurePosixPath(base).suffix.lower()
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", PurePosixPath(base).stem).strip("-._")[:60] or f"upload-{index}"
    return f"{stem}{suffix}"


def checked_inputs(
    texts: list[str], documents: list[tuple[str, bytes]], urls: list[str], caps: Caps, guard: AddressGuard | None
) -> JobInputs:
    """The submission, or UsageError saying which cap or rule it breaks (the caller answers 400/413)."""
    pasted = [part for text in texts for part in split_pasted(text)]
    urls = [u.strip() for u in urls if u.strip()]
    if len(pasted) > caps.max_texts:
        raise UsageError(f"{len(pasted)} pasted articles: at most {caps.max_texts}")
    if len(documents) > caps.max_files:
        raise UsageError(f"{len(documents)} files: at most {caps.max_files} per analysis")
    if len(urls) > caps.max_urls:
        raise UsageError(f"{len(urls)} URLs: at most {caps.max_urls} per analysis")
    total = sum(len(t.encode("utf-8")) for t in pasted)
    cleaned: list[tuple[str, bytes]] = []
    for index, (name, data) in enumerate(documents, start=1):
        safe = clean_name(name, index)
        if PurePosixPath(safe).suffix not in UPLOAD_SUFFIXES:
            raise UsageError(f"{safe}: only {', '.join(UPLOAD_SUFFIXES)} files are read")
        if len(data) > caps.max_file_bytes:
            raise UsageError(f"{safe}: {len(data)} bytes is over the {caps.max_file_bytes}-byte cap per file")
        total += len(data)
        cleaned.append((safe, data))
    for text in pasted:
        if len(text.encode("utf-8")) > caps.max_file_bytes:
            raise UsageError(f"a pasted article is over the {caps.max_file_bytes}-byte cap")
    if total > caps.max_total_bytes:
        raise UsageError(f"{total} bytes in all is over the {caps.max_total_bytes}-byte cap")
    for url in urls:
        if len(url) > 2000:
            raise UsageError("a URL is longer than 2,000 characters")
        try:
            check_url_host(url, guard)
        except FetchError as exc:
            raise UsageError(f"{url}: {exc.reason}") from exc
    inputs = JobInputs(pasted, cleaned, urls)
    if not inputs.count():
        raise UsageError("nothing to analyse: paste a text, upload a file or give a URL")
    return inputs


def read_inputs(inputs: JobInputs, settings: Settings, registry: OutletRegistry, guard: AddressGuard | None) -> LoadResult:
    """Read every input into articles, as `load_articles` does; failures are collected, not raised."""
    result = LoadResult()
    items: list[tuple[str, bytes, Any, ReadContext]] = []
    for text in inputs.texts:
        data = text.encode("utf-8")
        name = f"pasted-{hashlib.sha256(data).hexdigest()[:8]}"
        items.append((name, data, read_txt, ReadContext(registry, default_id=name)))
    for name, data in inputs.documents:
        reader = READERS.get(PurePosixPath(name).suffix.lower(), read_txt)
        items.append((name, data, reader, ReadContext(registry)))
    for url in inputs.urls:
        try:
            fetched = fetch_url(
                url,
                timeout=settings.url_timeout,
                max_bytes=settings.max_bytes,
                max_redirects=settings.max_redirects,
                address_guard=guard,
            )
        except InputError as error:
            result.errors.append(error)
            continue
        reader = (
            CONTENT_TYPES.get(fetched.content_type) or reader_for_suffix(fetched.url, for_url=True) or sniff_reader(fetched.data)
        )
        items.append((url, fetched.data, reader, ReadContext(registry, url=fetched.url, default_id=id_from_url(fetched.url))))
    for source, data, reader, context in items:
        result.inputs.append(InputRef(source=source, sha256=hashlib.sha256(data).hexdigest()))
        try:
            read = reader(data, source, context)
        except InputError as error:
            result.errors.append(error)
            continue
        result.warnings.extend(read.warnings)
        result.errors.extend(read.errors)
        if source.startswith("pasted-"):  # a readable id: the headline's words, not a hash
            read.articles = [_named_by_title(a) for a in read.articles]
        result.articles.extend(read.articles)
    result.articles = deduplicate(result.articles, result.warnings)
    return result


def _named_by_title(article: Article) -> Article:
    slug = re.sub(r"[^a-z0-9]+", "-", (article.title or "").lower()).strip("-")
    if len(slug) > 40:  # whole words, about 40 characters
        slug = slug[:41].rsplit("-", 1)[0]
    return article.model_copy(update={"id": slug}) if slug else article
