"""The JSON API: what the pages show, as data. Writes need the token when one is set
(`Authorization: Bearer TOKEN`) and a JSON body (a cross-site form cannot send one)."""

from __future__ import annotations

import hashlib
import ipaddress
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import BaseModel, Field

from corroborate.corrections import KINDS, Correction
from corroborate.errors import UsageError
from corroborate.model import ClaimStatus
from corroborate.report.sections import claim_matrix_data
from corroborate.web import queries
from corroborate.web.inputs import checked_inputs
from corroborate.web.jobs import Job, Session
from corroborate.web.security import SESSION_COOKIE, public_address_guard
from corroborate.web.stories import add_correction, article_changes, load_analysis, load_corrections, new_in_story, recent_stories
from corroborate.web.tables import reader

router = APIRouter(prefix="/api", tags=["api"])


class DocumentIn(BaseModel):
    name: str = Field(
        max_length=200,
        pattern=r"^[^/\\]*\.([Tt][Xx][Tt]|[Hh][Tt][Mm][Ll]?|[Jj][Ss][Oo][Nn][Ll]?)$",
        description="File name; its suffix (.txt, .html, .htm, .json, .jsonl) picks the reader.",
    )
    content: str = Field(description="The file's text.")


class AnalysisRequest(BaseModel):
    texts: list[str] = Field(default_factory=list, max_length=50, description="Pasted articles (front matter allowed).")
    urls: list[Annotated[str, Field(max_length=2000, pattern=r"^[Hh][Tt][Tt][Pp][Ss]?://")]] = Field(
        default_factory=list, max_length=20, description="http(s) URLs to fetch (never private or loopback addresses)."
    )
    documents: list[DocumentIn] = Field(default_factory=list, max_length=20)


class JobOut(BaseModel):
    id: str
    story: str
    state: Literal["queued", "running", "done", "failed"]
    stage: str
    done: int
    total: int
    error: str | None = None
    note: str | None = None
    attempts: int
    created: str
    updated: str
    input_errors: list[dict[str, str]] = Field(default_factory=list)
    links: dict[str, str] = Field(default_factory=dict)


class CorrectionIn(BaseModel):
    kind: Literal["merge_people", "split_person", "fix_speaker", "quote_kind", "fix_outlet", "mark_checked"]
    target: str = Field(min_length=1, max_length=500)
    value: str | None = Field(None, max_length=500)
    author: str = Field("api", min_length=1, max_length=100)
    note: str | None = Field(None, max_length=1000)


class CorrectionOut(BaseModel):
    kind: str
    target: str
    value: str | None
    story: str | None
    author: str
    created: str
    note: str | None


def job_out(job: Job) -> JobOut:
    links = {"self": f"/api/analyses/{job.id}", "story": f"/api/stories/{job.story}", "page": f"/stories/{job.story}"}
    return JobOut(**job.as_dict(), links=links)


def require_token(request: Request) -> None:
    config = request.app.state.config
    if not config.token:
        return
    header = request.headers.get("authorization", "")
    from corroborate.web.security import token_matches

    if not (header.lower().startswith("bearer ") and token_matches(header[7:], config.token)):
        raise HTTPException(
            401, "this server needs a token for writes: send Authorization: Bearer TOKEN", headers={"WWW-Authenticate": "Bearer"}
        )


def submit(
    request: Request, texts: list[str], documents: list[tuple[str, bytes]], urls: list[str], story: str | None = None
) -> Job:
    """Check the caps and queue the job (pages and API share it); UsageError -> 400."""
    config = request.app.state.config
    allowed = frozenset(ipaddress.ip_address(a) for a in config.allowed_addresses)
    guard = public_address_guard(config.allow_private, allowed)
    try:
        inputs = checked_inputs(texts, documents, urls, config.caps, guard)
    except UsageError as exc:
        status = 413 if "cap" in str(exc) else 400
        raise HTTPException(status, str(exc)) from exc
    job = request.app.state.jobs.submit(inputs, story, client_of(request), session_of(request))
    request.app.state.worker.wake()
    return job


def client_of(request: Request) -> str | None:
    """The address a submission came from: the queue cap per address counts by it."""
    return request.client.host if request.client else None


def session_of(request: Request) -> Session | None:
    """The session a submission counts under: the cookie it sent, else the one the guard
    gives it in the response (the queue cap per client counts by it)."""
    sent = request.cookies.get(SESSION_COOKIE)
    session = sent or request.scope.get("state", {}).get("session")
    if not session:
        return None
    return Session(hashlib.sha256(session.encode()).hexdigest()[:32], sent=bool(sent))


@router.post("/analyses", status_code=202, response_model=JobOut, responses={400: {}, 401: {}, 413: {}})
def create_analysis(body: AnalysisRequest, request: Request) -> JobOut:
    """Queue a new analysis of the given texts, documents and URLs (analysed as one story)."""
    require_token(request)
    try:
        documents = [(d.name, utf8(d.content, f"documents[{n}].content")) for n, d in enumerate(body.documents)]
        for n, text in enumerate(body.texts):
            utf8(text, f"texts[{n}]")
    except UsageError as exc:
        raise HTTPException(400, str(exc)) from exc
    return job_out(submit(request, body.texts, documents, body.urls))


def utf8(text: str, where: str) -> bytes:
    """`text` as UTF-8, or UsageError naming `where`: JSON may carry a lone surrogate (`\\ud800`)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise UsageError(
            f"{where} holds a lone surrogate ({text[exc.start]!a} at character {exc.start}), which is not Unicode text"
        ) from exc


@router.get("/analyses/{job_id}", response_model=JobOut, responses={404: {}})
def get_analysis(job_id: str, request: Request) -> JobOut:
    """A job's state and progress (`done` of `total` at `stage`), and its error when it failed."""
    job = request.app.state.jobs.get(job_id)
    if job is None:
        raise HTTPException(404, f"no analysis job {job_id!r}")
    return job_out(job)


@router.get("/stories")
def list_stories(request: Request, limit: int = Query(20, ge=1, le=200)) -> dict[str, Any]:
    """The latest stories in the store."""
    return {"stories": recent_stories(request.app.state.config.db_path, limit)}


def story_data(request: Request, story: str, loaded: list[Any] | None = None) -> dict[str, Any] | None:
    """Everything about a story; `loaded` (when given) receives the parsed (current, previous) analyses."""
    db_path = request.app.state.config.db_path
    row = queries.story_row(reader(db_path), story)
    job = request.app.state.jobs.latest_for_story(story)
    if row is None and job is None:
        return None
    current, previous = load_analysis(db_path, story)
    if loaded is not None:
        loaded.extend((current, previous))
    return {
        "id": story,
        "summary": row,
        "job": job_out(job).model_dump() if job else None,
        "analysis": current.model_dump(mode="json", by_alias=True) if current else None,
        # Event × outlet, as the story page and the reports show it (report.sections).
        "claims_matrix": claim_matrix_data(current) if current else None,
        "tables": queries.story_tables(reader(db_path), story) if current is None and row else None,
        "corrections": [c.as_dict() for c in load_corrections(db_path, story)],
        "changes": {
            "articles": [c.__dict__ for c in article_changes(db_path, story)],
            "new": new_in_story(current, previous) if current else {"quotes": [], "claims": []},
        },
    }


@router.get("/stories/{story}", responses={404: {}})
def get_story(story: str, request: Request) -> dict[str, Any]:
    """A story: its summary row, latest job, full analysis (corrections applied), its claims
    matrix (events × outlets: each outlet's sentences and figures, the status and its
    evidence), corrections and changes."""
    data = story_data(request, story)
    if data is None:
        raise HTTPException(404, f"no story {story!r}")
    return data


@router.post("/stories/{story}/reanalyse", status_code=202, response_model=JobOut, responses={401: {}, 404: {}})
def reanalyse(story: str, request: Request) -> JobOut:
    """Analyse the story again from its inputs (URLs fetched anew; earlier versions kept)."""
    require_token(request)
    job = request.app.state.jobs.latest_for_story(story)
    if job is None:
        raise HTTPException(404, f"no story {story!r} made by this app (stories from `corroborate ingest` are re-run by it)")
    inputs = request.app.state.jobs.inputs(job.id)
    new = request.app.state.jobs.submit(inputs, story, client_of(request))
    request.app.state.worker.wake()
    return job_out(new)


@router.post("/stories/{story}/corrections", status_code=201, response_model=CorrectionOut, responses={400: {}, 401: {}, 404: {}})
def correct(story: str, body: CorrectionIn, request: Request) -> CorrectionOut:
    """Save a correction for the story and re-apply the story's corrections at once."""
    require_token(request)
    return CorrectionOut(**save_correction(request, story, body.kind, body.target, body.value, body.author, body.note).as_dict())


def save_correction(
    request: Request, story: str, kind: str, target: str, value: str | None, author: str, note: str | None
) -> Correction:
    config = request.app.state.config
    if queries.story_row(reader(config.db_path), story) is None and request.app.state.jobs.latest_for_story(story) is None:
        raise HTTPException(404, f"no story {story!r}")
    if kind not in KINDS:
        raise HTTPException(400, f"unknown correction kind {kind!r}")
    if kind == "merge_people" and " ".join(target.split()).casefold() == " ".join((value or "").split()).casefold():
        raise HTTPException(400, f"cannot merge {target!r} into itself: choose two different people")
    try:
        return add_correction(
            config.db_path, Correction(kind, target, value or None, story, author, "", note or None), config.corrections_file
        )
    except UsageError as exc:
        raise HTTPException(400, str(exc)) from exc


@router.get("/quotes")
def get_quotes(
    request: Request,
    q: str = Query("", max_length=500, description="Words in the quote or the speaker's name (full-text search)."),
    speaker: str = Query("", max_length=200),
    outlet: str = Query("", max_length=200),
    kind: str = Query("", max_length=20),
    story: str = Query("", max_length=200),
    offset: int = Query(0, ge=0, le=100_000),
    limit: int = Query(queries.PAGE_SIZE, ge=1, le=200),
) -> dict[str, Any]:
    """Quotes by speaker, outlet, kind and words, with facet counts."""
    filters = queries.QuoteFilters(q, speaker, outlet, kind, story, offset, limit)
    return queries.search_quotes(reader(request.app.state.config.db_path), filters)


@router.get("/claims")
def get_claims(
    request: Request,
    status: Literal["", ClaimStatus] = "",
    q: str = Query("", max_length=500),
    offset: int = Query(0, ge=0, le=100_000),
    limit: int = Query(queries.PAGE_SIZE, ge=1, le=200),
) -> dict[str, Any]:
    """Claim groups by status and words, with counts by status."""
    return queries.search_claims(reader(request.app.state.config.db_path), status, q, offset, limit)


@router.get("/people/{person_id:path}", responses={404: {}})
def get_person(person_id: str, request: Request) -> dict[str, Any]:
    """Everything one person (by canonical name) said across stories and outlets, with the variants outlets printed."""
    found = queries.person(reader(request.app.state.config.db_path), person_id)
    if found is None:
        raise HTTPException(404, f"no person named {person_id!r} in the store")
    return found


@router.get("/outlets/{name:path}", responses={404: {}})
def get_outlet(name: str, request: Request) -> dict[str, Any]:
    """What an outlet cites, who cites it, and its quotes that differ from other outlets'."""
    found = queries.outlet(reader(request.app.state.config.db_path), name)
    if found is None:
        raise HTTPException(404, f"no outlet named {name!r} in the store")
    return found
