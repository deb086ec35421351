"""Fetch one http(s) URL with a timeout, a size cap and a redirect cap.

Only the URL the user named is fetched: nothing an article names is ever fetched.
"""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from email.message import Message

from corroborate import __version__
from corroborate.errors import FetchError, InputTooLargeError

_CHUNK = 65536


@dataclass(frozen=True)
class Fetched:
    url: str  # the final URL, after redirects
    data: bytes
    content_type: str


class _CappedRedirects(urllib.request.HTTPRedirectHandler):
    def __init__(self, max_redirects: int) -> None:
        self.max_redirections = max_redirects
        self.max_repeats = max_redirects

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        if not newurl.lower().startswith(("http://", "https://")):
            raise urllib.error.HTTPError(newurl, code, f"redirect to a non-http(s) URL {newurl!r} refused", headers, fp)
        # Count ourselves: urllib only starts counting at the second redirect.
        count = getattr(req, "redirects_followed", 0) + 1
        if count > self.max_redirections:
            raise urllib.error.HTTPError(newurl, code, f"more than {self.max_redirections} redirect(s)", headers, fp)
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None:
            new.redirects_followed = count
        return new


def fetch_url(url: str, *, timeout: float, max_bytes: int, max_redirects: int) -> Fetched:
    """The body of `url`; raises FetchError or InputTooLargeError naming the URL."""
    if not url.lower().startswith(("http://", "https://")):
        raise FetchError(url, "only http:// and https:// URLs can be fetched")
    deadline = time.monotonic() + timeout
    opener = urllib.request.build_opener(_CappedRedirects(max_redirects))
    request = urllib.request.Request(
        url,
        headers={
            "User-Agent": f"corroborate/{__version__}",
            "Accept": "text/html, text/plain, application/json;q=0.9, */*;q=0.5",
        },
    )
    try:
        with opener.open(request, timeout=timeout) as response:
            headers: Message = response.headers
            length = headers.get("Content-Length")
            if length and length.isdigit() and int(length) > max_bytes:
                raise InputTooLargeError(url, f"{int(length)} bytes is over the {max_bytes}-byte cap; raise it with --max-bytes")
            chunks: list[bytes] = []
            size = 0
            # read1 returns what has arrived; the deadline bounds a server that drips bytes.
            while chunk := response.read1(_CHUNK):
                if time.monotonic() > deadline:
                    raise FetchError(url, f"no complete answer within {timeout:g} s; raise --url-timeout or try later")
                size += len(chunk)
                if size > max_bytes:
                    raise InputTooLargeError(url, f"more than {max_bytes} bytes; raise the cap with --max-bytes")
                chunks.append(chunk)
            return Fetched(response.geturl(), b"".join(chunks), headers.get_content_type())
    except urllib.error.HTTPError as exc:
        if 300 <= exc.code < 400:
            raise FetchError(url, f"too many redirects (more than {max_redirects}) or a refused redirect: {exc.reason}") from exc
        raise FetchError(url, f"HTTP {exc.code} {exc.reason}") from exc
    except urllib.error.URLError as exc:
        raise FetchError(url, f"unreachable: {exc.reason}") from exc
    except TimeoutError as exc:
        raise FetchError(url, f"no answer within {timeout:g} s; raise --url-timeout or try later") from exc
    except (OSError, ValueError) as exc:
        raise FetchError(url, f"fetch failed: {exc}") from exc
