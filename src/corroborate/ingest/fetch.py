"""Fetch one http(s) URL within one deadline (connect, headers and body), a size cap and a redirect cap.

Only the URL the user named is fetched: nothing an article names is ever fetched.

`address_guard` (optional, off by default; the web app sets it) is called with the
host and every IP address the host resolves to, before each connection (the first
and every redirect's), and raises FetchError to refuse one: the socket then connects
only to an address the guard saw, so a second DNS answer cannot slip past it.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from email.message import Message
from http.client import HTTPMessage
from typing import IO, Any
from urllib.parse import SplitResult, urlsplit

from corroborate._version import __version__
from corroborate.errors import FetchError, InputTooLargeError

_CHUNK = 65536
# Stands for socket's private `_GLOBAL_DEFAULT_TIMEOUT` (not in typeshed): "no timeout given".
_DEFAULT_TIMEOUT = object()

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
AddressGuard = Callable[[str, IPAddress], None]  # (host, address) -> None, or raises FetchError


@dataclass(frozen=True)
class Fetched:
    url: str  # the final URL, after redirects
    data: bytes
    content_type: str


class _CappedRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(
        self, req: urllib.request.Request, fp: IO[bytes], code: int, msg: str, headers: HTTPMessage, newurl: str
    ) -> urllib.request.Request | None:
        if not newurl.lower().startswith(("http://", "https://")):
            raise urllib.error.HTTPError(newurl, code, f"redirect to a non-http(s) URL {newurl!r} refused", headers, fp)
        # Count ourselves: urllib only starts counting at the second redirect.
        count = getattr(req, "redirects_followed", 0) + 1
        if count > self.max_redirections:
            raise urllib.error.HTTPError(newurl, code, f"more than {self.max_redirections} redirect(s)", headers, fp)
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None:
            setattr(new, "redirects_followed", count)  # noqa: B010 - our own mark, not a Request field
        return new


def _capped_redirects(max_redirects: int) -> urllib.request.HTTPRedirectHandler:
    # urllib reads both caps as class attributes (ClassVar in typeshed): one subclass per cap.
    class CappedRedirects(_CappedRedirects):
        max_redirections = max_redirects
        max_repeats = max_redirects

    return CappedRedirects()


class _Deadline:
    """One deadline for a whole fetch: connect, headers and body, redirects included. Every
    socket the fetch opens is registered; at the deadline a timer shuts them down, so a
    server that sends its headers a byte at a time (each recv within the socket timeout)
    is cut off too."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.monotonic() + seconds
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def remaining(self) -> float:
        return max(self.at - time.monotonic(), 0.001)

    def register(self, sock: socket.socket) -> None:
        with self._lock:
            if self.expired:
                sock.close()
                raise TimeoutError("the fetch's deadline passed")
            self._sockets.append(sock)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def cancel(self) -> None:
        self._timer.cancel()


def _resolve(host: str, port: int, deadline: _Deadline) -> list[Any]:
    """`socket.getaddrinfo` within the fetch's deadline. The system resolver takes no
    timeout, so it runs in a daemon thread that is abandoned at the deadline (it ends
    when the resolver gives up)."""
    answer: list[Any] = []
    failure: list[BaseException] = []

    def lookup() -> None:
        try:
            answer.extend(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except BaseException as exc:  # handed to the waiting thread
            failure.append(exc)

    thread = threading.Thread(target=lookup, name=f"resolve {host}", daemon=True)
    thread.start()
    thread.join(deadline.remaining())
    if thread.is_alive():
        raise TimeoutError(f"{host!r} did not resolve within the fetch's deadline")
    if failure:
        if isinstance(failure[0], socket.gaierror):
            raise OSError(f"cannot resolve {host!r}: {failure[0]}") from failure[0]
        raise failure[0]
    return answer


def _guarded_connector(guard: AddressGuard | None, deadline: _Deadline) -> Callable[..., socket.socket]:
    """A `socket.create_connection` that resolves the host once, asks `guard` (when given)
    about every address, connects only to those addresses, and registers the socket with
    the fetch's deadline."""

    def connect(
        address: tuple[str, int], timeout: object = _DEFAULT_TIMEOUT, source_address: Any = None, **_: Any
    ) -> socket.socket:
        host, port = address
        infos = _resolve(host, port, deadline)
        for info in infos:
            if guard is not None:
                guard(host, ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]))
        last: OSError | None = None
        for family, kind, proto, _canon, sockaddr in infos:
            sock = socket.socket(family, kind, proto)
            deadline.register(sock)
            try:
                # http.client passes a number, None (blocking) or socket's private "use the
                # global default" sentinel (absent from typeshed); either way, no recv may
                # wait past the fetch's deadline.
                given = timeout if isinstance(timeout, int | float) else None
                sock.settimeout(min(given, deadline.remaining()) if given is not None else deadline.remaining())
                if source_address:
                    sock.bind(source_address)
                sock.connect(sockaddr)
                return sock
            except OSError as exc:
                sock.close()
                last = exc
        raise last or OSError(f"no address for {host!r}")

    return connect


def _guarded_handlers(guard: AddressGuard | None, deadline: _Deadline) -> list[urllib.request.BaseHandler]:
    connector = _guarded_connector(guard, deadline)

    class GuardedHTTPConnection(http.client.HTTPConnection):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._create_connection = connector

    class GuardedHTTPSConnection(http.client.HTTPSConnection):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._create_connection = connector

    class GuardedHTTPHandler(urllib.request.HTTPHandler):
        def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(GuardedHTTPConnection, req)

    class GuardedHTTPSHandler(urllib.request.HTTPSHandler):
        def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(GuardedHTTPSConnection, req)

    if guard is None:  # the environment's proxies, as urllib would use them
        return [GuardedHTTPHandler(), GuardedHTTPSHandler()]
    # No proxy: a proxy would connect for us, to addresses the guard never saw.
    return [urllib.request.ProxyHandler({}), GuardedHTTPHandler(), GuardedHTTPSHandler()]


def split_url(url: str) -> SplitResult:
    """The parts of an http(s) URL; raises FetchError naming what is wrong with it (an
    unclosed IPv6 bracket, a port that is no number, another scheme, no host)."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - a bad port ("http://host:x/") raises only when read
    except ValueError as exc:
        raise FetchError(url, f"not a valid URL ({exc}); check its brackets, host and port") from exc
    if parts.scheme.lower() not in ("http", "https"):
        raise FetchError(url, "only http:// and https:// URLs can be fetched")
    if not parts.hostname:
        raise FetchError(url, "the URL names no host")
    return parts


def fetch_url(
    url: str, *, timeout: float, max_bytes: int, max_redirects: int, address_guard: AddressGuard | None = None
) -> Fetched:
    """The body of `url`; raises FetchError or InputTooLargeError naming the URL."""
    split_url(url)
    deadline = _Deadline(timeout)
    try:
        return _fetch(url, deadline, max_bytes, max_redirects, address_guard)
    except (OSError, http.client.HTTPException, urllib.error.URLError) as exc:
        if deadline.expired:  # the deadline shut the socket: the fetch ran out of time
            raise FetchError(url, f"no complete answer within {timeout:g} s; raise --url-timeout or try later") from exc
        raise
    finally:
        deadline.cancel()


def _fetch(url: str, deadline: _Deadline, max_bytes: int, max_redirects: int, address_guard: AddressGuard | None) -> Fetched:
    timeout = deadline.seconds
    handlers: list[urllib.request.BaseHandler] = [_capped_redirects(max_redirects)]
    handlers.extend(_guarded_handlers(address_guard, deadline))
    opener = urllib.request.build_opener(*handlers)
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
                if deadline.expired or time.monotonic() > deadline.at:
                    raise FetchError(url, f"no complete answer within {timeout:g} s; raise --url-timeout or try later")
                size += len(chunk)
                if size > max_bytes:
                    raise InputTooLargeError(url, f"more than {max_bytes} bytes; raise the cap with --max-bytes")
                chunks.append(chunk)
            if deadline.expired:  # the body was cut short by the deadline, not ended by the server
                raise FetchError(url, f"no complete answer within {timeout:g} s; raise --url-timeout or try later")
            return Fetched(response.geturl(), b"".join(chunks), headers.get_content_type())
    except FetchError as exc:  # the address guard names the host: name the URL asked for
        raise FetchError(url, exc.reason) from exc
    except urllib.error.HTTPError as exc:
        if 300 <= exc.code < 400:
            raise FetchError(url, f"too many redirects (more than {max_redirects}) or a refused redirect: {exc.reason}") from exc
        raise FetchError(url, f"HTTP {exc.code} {exc.reason}") from exc
    except urllib.error.URLError as exc:
        if deadline.expired or isinstance(exc.reason, TimeoutError):
            raise FetchError(url, f"no answer within {timeout:g} s; raise --url-timeout or try later") from exc
        raise FetchError(url, f"unreachable: {exc.reason}") from exc
    except TimeoutError as exc:
        raise FetchError(url, f"no answer within {timeout:g} s; raise --url-timeout or try later") from exc
    except (OSError, ValueError, http.client.HTTPException) as exc:
        if deadline.expired:
            raise FetchError(url, f"no complete answer within {timeout:g} s; raise --url-timeout or try later") from exc
        raise FetchError(url, f"fetch failed: {exc}") from exc
