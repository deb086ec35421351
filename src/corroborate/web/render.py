"""Server-side rendering of the app's pages: the Jinja2 environment (autoescape on, undefined
names are errors, control and bidi characters in every value made visible) and `render`, which gives every page the session's CSRF token, whether to
ask for the access token, and the app's version. Used by the pages (`pages.py`) and by the
app's error pages (`app.py`); it imports neither, so they do not import each other."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from corroborate._version import __version__
from corroborate.report.labels import claim_status_text, status_label
from corroborate.report.safe import visible_controls


@lru_cache(maxsize=1)
def templates() -> Environment:
    env = Environment(
        loader=PackageLoader("corroborate.web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=visible,
    )
    env.filters["urlpart"] = urlpart
    env.filters["status_label"] = status_label
    env.filters["claim_status_text"] = claim_status_text
    return env


def visible(value: Any) -> Any:
    """Every value a page prints, with its control and bidi characters made visible one for
    one, as the HTML report does (article text is hostile: a U+202E must not reverse what the
    page shows). Markup stays markup: the characters put in for them are not HTML's."""
    if not isinstance(value, str):
        return value
    shown = visible_controls(value)
    if shown is value:
        return value
    return Markup(shown) if isinstance(value, Markup) else shown


@lru_cache(maxsize=8192)
def urlpart(value: object) -> str:
    """A value as one URL path segment or query value (names and ids repeat on a page: cached)."""
    from urllib.parse import quote

    return quote(str(value), safe="")


def render(request: Request, template: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    """A page: the template with the request's CSRF token, token prompt and the app's name."""
    app_state = request.app.state
    session = request.scope.get("state", {}).get("session", "")
    context.setdefault("title", "corroborate")
    html = (
        templates()
        .get_template(template)
        .render(
            csrf_token=app_state.csrf.token_for(session),
            needs_token=bool(app_state.config.token) and not app_state.authorised(request),
            version=__version__,
            **context,
        )
    )
    return HTMLResponse(html, status_code=status_code)
