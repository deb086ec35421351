"""The HTML pages. Every form carries the session's CSRF token; every write checks it (and
the access token when the server has one) before anything else."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile

from corroborate.corrections import KINDS, QUOTE_KINDS, finding_key, quote_ref
from corroborate.model import CLAIM_STATUSES
from corroborate.report import sections
from corroborate.report.findings import Finding
from corroborate.store.rows import story_title
from corroborate.web import queries, views
from corroborate.web.api import client_of, reader, save_correction, session_of, story_data, submit
from corroborate.web.render import render
from corroborate.web.security import CSRF_FIELD, set_auth_cookie, token_matches
from corroborate.web.stories import checked_findings, load_analysis, recent_stories, story_titles

router = APIRouter(include_in_schema=False)
_REPORT_CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


async def checked_form(request: Request) -> tuple[FormData, bool]:
    """The form, after the CSRF and token checks; (form, whether to set the auth cookie)."""
    caps = request.app.state.config.caps
    try:
        form = await request.form(max_files=caps.max_files, max_fields=200, max_part_size=caps.max_total_bytes)
    except HTTPException:
        raise
    except Exception as exc:  # the multipart parser's own limits and errors
        raise HTTPException(400, f"the form could not be read: {exc}") from exc
    session = request.scope.get("state", {}).get("session")
    if not request.app.state.csrf.valid(session, str(form.get(CSRF_FIELD) or "")):
        raise HTTPException(403, "the form's security token is missing or stale: reload the page and submit again")
    config = request.app.state.config
    set_cookie = False
    if config.token and not request.app.state.authorised(request):
        if not token_matches(str(form.get("access_token") or ""), config.token):
            raise HTTPException(401, "this server needs its access token for changes: enter it in the form")
        set_cookie = True
    return form, set_cookie


def redirect(url: str, set_auth: bool, request: Request) -> RedirectResponse:
    response = RedirectResponse(url, status_code=303)
    if set_auth:
        set_auth_cookie(response, request)
    return response


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    config = request.app.state.config
    jobs = request.app.state.jobs.recent(10)
    return render(
        request,
        "home.html.j2",
        title="New analysis",
        stories=recent_stories(config.db_path, 20),
        jobs=jobs,
        job_titles=story_titles(config.db_path, sorted({j.story for j in jobs})),
        caps=config.caps,
    )


@router.post("/analyses")
async def new_analysis(request: Request) -> Response:
    form, set_auth = await checked_form(request)
    texts = [str(v) for v in form.getlist("texts") if isinstance(v, str)]
    urls = [line for v in form.getlist("urls") if isinstance(v, str) for line in v.splitlines()]
    documents = []
    for upload in form.getlist("files"):
        if isinstance(upload, UploadFile) and upload.filename:
            documents.append((upload.filename, await upload.read(request.app.state.config.caps.max_file_bytes + 1)))
    job = await run_in_threadpool(submit, request, texts, documents, urls)  # never wait for the store on the loop
    return redirect(f"/stories/{job.story}", set_auth, request)


def _story_context(request: Request, story: str) -> dict[str, Any]:
    loaded: list[Any] = []
    data = story_data(request, story, loaded)
    if data is None:
        raise HTTPException(404, f"no story {story!r}")
    db_path = request.app.state.config.db_path
    analysis = loaded[0]
    context: dict[str, Any] = {"story": story, "data": data, "job": data["job"], "analysis": analysis}
    if analysis is not None:
        checked = checked_findings(db_path, story)
        findings = []
        for finding in sections.all_findings(analysis):
            text = (
                finding.variants[0].text
                if isinstance(finding, Finding)
                else (finding.claims[0].text if finding.claims else finding.group.id)
            )
            key = finding_key(finding.kind, text)
            diff = views.finding_diff([v.text for v in finding.variants]) if isinstance(finding, Finding) else []
            findings.append(
                {
                    "finding": finding,
                    "key": key,
                    "checked": checked.get(key),
                    "is_quote": isinstance(finding, Finding),
                    "diff": diff,
                }
            )
        outlet_files = request.app.state.config.outlet_files
        context.update(
            header=sections.story_header(analysis),
            story_name=story_title(analysis) or story,
            findings=findings,
            speakers=sections.who_said_what(analysis),
            groups=sections.quote_group_views(analysis),
            matrix=data["claims_matrix"],
            edges=sections.citation_edges(analysis),
            people=views.merge_people(analysis),
            people_links=views.linkable_people(analysis),
            articles=[(a.id, sections.outlet_of(a)) for a in analysis.articles],
            known_outlets=views.known_outlets(analysis, outlet_files),
            quote_ref=quote_ref,
        )
    context.update(kinds=KINDS, quote_kinds=QUOTE_KINDS)
    return context


@router.get("/stories/{story}", response_class=HTMLResponse)
def story_page(story: str, request: Request) -> HTMLResponse:
    context = _story_context(request, story)
    # The name the home page lists the story under (the stories table's title) is the page's.
    title = context.get("story_name") or (context["data"]["summary"] or {}).get("title") or story
    context["story_name"] = title
    return render(request, "story.html.j2", title=title, **context)


@router.get("/stories/{story}/report", response_class=HTMLResponse)
def story_report(story: str, request: Request) -> HTMLResponse:
    """The self-contained report, with its own CSP (by hash) sent as the header too."""
    from corroborate.report.html import render_html

    analysis, _ = load_analysis(request.app.state.config.db_path, story)
    if analysis is None:
        raise HTTPException(404, f"no report for story {story!r} (not analysed by this app, or not finished)")
    html = render_html(analysis)
    match = _REPORT_CSP.search(html)
    headers = {"Content-Security-Policy": match.group(1).replace("&#39;", "'") if match else "default-src 'none'"}
    return HTMLResponse(html, headers=headers)


@router.post("/stories/{story}/reanalyse")
async def reanalyse_page(story: str, request: Request) -> Response:
    _, set_auth = await checked_form(request)
    await run_in_threadpool(_reanalyse, request, story)
    return redirect(f"/stories/{story}", set_auth, request)


def _reanalyse(request: Request, story: str) -> None:
    jobs = request.app.state.jobs
    job = jobs.latest_for_story(story)
    if job is None:
        raise HTTPException(404, f"no story {story!r} made by this app")
    jobs.submit(jobs.inputs(job.id), story, client_of(request), session_of(request))
    request.app.state.worker.wake()


@router.post("/stories/{story}/corrections")
async def correction_page(story: str, request: Request) -> Response:
    form, set_auth = await checked_form(request)

    def field(name: str) -> str:
        value = form.get(name)
        return value.strip()[:1000] if isinstance(value, str) else ""

    await run_in_threadpool(
        save_correction,
        request,
        story,
        field("kind"),
        field("target"),
        field("value"),
        field("author") or "newsroom",
        field("note"),
    )
    return redirect(f"/stories/{story}#corrections", set_auth, request)


@router.get("/search", response_class=HTMLResponse)
def search_page(
    request: Request,
    q: str = Query("", max_length=500),
    speaker: str = Query("", max_length=200),
    outlet: str = Query("", max_length=200),
    kind: str = Query("", max_length=20),
    status: str = Query("", max_length=20),
    tab: str = Query("quotes", pattern="^(quotes|claims)$"),
    offset: int = Query(0, ge=0, le=100_000),
) -> HTMLResponse:
    db = reader(request.app.state.config.db_path)
    if tab == "claims":
        if status not in ("", *CLAIM_STATUSES):
            raise HTTPException(400, f"unknown claim status {status!r}")
        results = queries.search_claims(db, status, q, offset)
    else:
        results = queries.search_quotes(db, queries.QuoteFilters(q, speaker, outlet, kind, "", offset))
    params = {"q": q, "speaker": speaker, "outlet": outlet, "kind": kind, "status": status, "tab": tab}
    return render(
        request,
        "search.html.j2",
        title="Search",
        results=results,
        params=params,
        offset=offset,
        page=queries.PAGE_SIZE,
        statuses=CLAIM_STATUSES,
    )


@router.get("/people/{person_id:path}", response_class=HTMLResponse)
def person_page(person_id: str, request: Request) -> HTMLResponse:
    found = queries.person(reader(request.app.state.config.db_path), person_id)
    if found is None:
        raise HTTPException(404, f"no person named {person_id!r} in the store")
    return render(request, "person.html.j2", title=found["name"], person=found)


@router.get("/outlets/{name:path}", response_class=HTMLResponse)
def outlet_page(name: str, request: Request) -> HTMLResponse:
    found = queries.outlet(reader(request.app.state.config.db_path), name)
    if found is None:
        raise HTTPException(404, f"no outlet named {name!r} in the store")
    return render(request, "outlet.html.j2", title=found["name"], outlet=found)
