"""URL inputs, against a real HTTP server on 127.0.0.1: nothing here leaves the loopback interface."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from corroborate.errors import FetchError, InputTooLargeError
from corroborate.ingest.fetch import fetch_url
from corroborate.settings import Settings
from tests.ingest.helpers import GOOD_TEXT, load, only_article, write
from tests.ingest.test_html import PARAS, page

PLAIN = "Ferry dock to close\n\nThe ferry dock on Pine Street closes on Monday, the harbour master said.\n"
RECORD = {"id": "rec-7", "text": "Boats will use the north landing until April, the port authority said."}
SLOW_S = 1.5
TIMEOUT_S = 0.5
BIG = 5000
CAP = 1000


class Handler(BaseHTTPRequestHandler):
    """Routes: each path exercises one behaviour of fetch_url."""

    def log_message(self, format, *args):
        pass  # quiet

    def send_body(self, body: bytes, content_type: str, *, length: bool = True, status: int = 200) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location: str, status: int = 302) -> None:
        self.send_response(status)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        try:
            if path == "/news/ferry-dock.html":
                self.send_body(page().encode(), "text/html; charset=utf-8")
            elif path == "/untyped/dock-story":
                self.send_body(page().encode(), "application/octet-stream")
            elif path == "/news/2026/11/12/dock-closes/":
                self.send_body(page().encode(), "text/html")
            elif path == "/plain/dock-notes":
                self.send_body(PLAIN.encode(), "text/plain; charset=utf-8")
            elif path == "/api/record":
                self.send_body(json.dumps(RECORD).encode(), "application/json")
            elif path == "/api/feed":
                lines = [json.dumps({"id": f"f{i}", "text": f"Boat {i} moved to the north landing."}) for i in (1, 2)]
                self.send_body("\n".join(lines).encode(), "application/x-ndjson")
            elif path == "/empty-page":
                self.send_body(b"<html><body></body></html>", "text/html")
            elif path == "/missing":
                self.send_body(b"not here", "text/plain", status=404)
            elif path == "/broken":
                self.send_body(b"oops", "text/plain", status=500)
            elif path.startswith("/hop/"):
                left = int(path.rsplit("/", 1)[1])
                if left:
                    self.redirect(f"/hop/{left - 1}")
                else:
                    self.send_body(PLAIN.encode(), "text/plain")
            elif path == "/moved":
                self.redirect("/news/ferry-dock.html", 301)
            elif path == "/to-ftp":
                self.redirect("ftp://127.0.0.1:9/dock.txt")
            elif path == "/to-file":
                self.redirect("file:///etc/hostname")
            elif path == "/to-javascript":
                self.redirect("javascript:alert(1)")
            elif path == "/big-with-length":
                self.send_body(b"x" * BIG, "text/plain")
            elif path == "/big-without-length":
                self.send_body(b"The dock closed. " * (BIG // 17 + 1), "text/plain", length=False)
            elif path == "/slow-headers":
                time.sleep(SLOW_S)
                self.send_body(PLAIN.encode(), "text/plain")
            elif path == "/slow-body":
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(PLAIN)))
                self.end_headers()
                self.wfile.flush()
                time.sleep(SLOW_S)
                self.wfile.write(PLAIN.encode())
            elif path == "/trickle":
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.end_headers()
                for _ in range(8):
                    self.wfile.write(b"The dock closed. ")
                    self.wfile.flush()
                    time.sleep(TIMEOUT_S * 0.4)
            else:
                self.send_body(b"no route", "text/plain", status=404)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up first, as the slow routes intend


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = QuietServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


@pytest.fixture(autouse=True)
def no_proxies(monkeypatch):
    """urllib honours *_proxy variables: make sure every request goes straight to 127.0.0.1."""
    for name in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("no_proxy", "*")


@pytest.fixture
def closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch_settings(**kwargs) -> Settings:
    return Settings(**{"url_timeout": TIMEOUT_S, "max_bytes": CAP * 100, "max_redirects": 2, **kwargs})


def load_url(url: str, registry, **kwargs):
    return load([url], registry, fetch_settings(**kwargs))


def assert_one_error(result, url: str, error_type: type) -> Exception:
    assert len(result.errors) == 1, f"expected one error, got {result.errors} and articles {result.articles}"
    [error] = result.errors
    assert type(error) is error_type
    assert error.source == url
    assert str(error).startswith(f"{url}: ")
    assert result.articles == []
    return error


# --- good URLs -------------------------------------------------------------------------------


def test_html_url(server, registry):
    url = f"{server}/news/ferry-dock.html"
    article = only_article(load_url(url, registry))
    assert article.id == "ferry-dock"
    assert article.url == url
    assert article.source == url
    assert "\n\n".join(PARAS) in article.text


def test_html_url_with_slug_path_and_query(server, registry):
    url = f"{server}/news/2026/11/12/dock-closes/?utm_source=feed"
    article = only_article(load_url(url, registry))
    assert article.id == "dock-closes"
    assert article.url == url


def test_plain_text_url_keeps_text_exactly(server, registry):
    url = f"{server}/plain/dock-notes"
    article = only_article(load_url(url, registry))
    assert (article.id, article.url, article.text) == ("dock-notes", url, PLAIN)
    assert article.title == "Ferry dock to close"


def test_json_url_uses_the_record_id(server, registry):
    url = f"{server}/api/record"
    article = only_article(load_url(url, registry))
    assert article.id == "rec-7"
    assert article.text == RECORD["text"]


def test_jsonl_url(server, registry):
    result = load_url(f"{server}/api/feed", registry)
    assert [a.id for a in result.articles] == ["f1", "f2"]
    assert result.errors == []


def test_redirect_is_followed_and_the_final_url_kept(server, registry):
    article = only_article(load_url(f"{server}/moved", registry))
    assert article.url == f"{server}/news/ferry-dock.html"
    assert article.id == "ferry-dock"


def test_redirects_up_to_the_cap_are_followed(server, registry):
    article = only_article(load_url(f"{server}/hop/2", registry, max_redirects=2))
    assert article.url == f"{server}/hop/0"
    assert article.text == PLAIN


def test_response_at_the_size_cap_loads(server, registry):
    result = load_url(f"{server}/plain/dock-notes", registry, max_bytes=len(PLAIN.encode()))
    assert only_article(result).text == PLAIN


def test_fetch_url_returns_bytes_type_and_final_url(server):
    fetched = fetch_url(f"{server}/moved", timeout=TIMEOUT_S, max_bytes=CAP * 100, max_redirects=2)
    assert fetched.url == f"{server}/news/ferry-dock.html"
    assert fetched.content_type == "text/html"
    assert fetched.data == page().encode()


def test_request_names_the_tool(server):
    seen: list[str] = []

    class Echo(BaseHTTPRequestHandler):
        def log_message(self, format, *args):
            pass

        def do_GET(self):
            seen.append(self.headers.get("User-Agent", ""))
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

    httpd = QuietServer(("127.0.0.1", 0), Echo)
    thread = threading.Thread(target=httpd.handle_request, daemon=True)
    thread.start()
    try:
        fetch_url(f"http://127.0.0.1:{httpd.server_address[1]}/", timeout=2, max_bytes=100, max_redirects=0)
    finally:
        thread.join(timeout=5)
        httpd.server_close()
    assert seen and seen[0].startswith("corroborate/")


# --- failures --------------------------------------------------------------------------------


@pytest.mark.parametrize(("route", "status"), [("/missing", "404"), ("/broken", "500")])
def test_http_error_status(server, registry, route, status):
    url = f"{server}{route}"
    error = assert_one_error(load_url(url, registry), url, FetchError)
    assert status in error.reason


def test_too_many_redirects(server, registry):
    url = f"{server}/hop/3"
    error = assert_one_error(load_url(url, registry, max_redirects=2), url, FetchError)
    assert "redirect" in error.reason


def test_zero_redirects_allowed_refuses_the_first(server, registry):
    url = f"{server}/hop/1"
    assert_one_error(load_url(url, registry, max_redirects=0), url, FetchError)


@pytest.mark.parametrize("route", ["/to-ftp", "/to-file", "/to-javascript"])
def test_redirect_to_a_non_http_scheme_is_refused(server, registry, route):
    url = f"{server}{route}"
    error = assert_one_error(load_url(url, registry), url, FetchError)
    assert "redirect" in error.reason


def test_response_over_the_cap_with_content_length(server, registry):
    url = f"{server}/big-with-length"
    error = assert_one_error(load_url(url, registry, max_bytes=CAP), url, InputTooLargeError)
    assert str(BIG) in error.reason and str(CAP) in error.reason


def test_response_over_the_cap_without_content_length(server, registry):
    url = f"{server}/big-without-length"
    error = assert_one_error(load_url(url, registry, max_bytes=CAP), url, InputTooLargeError)
    assert str(CAP) in error.reason


@pytest.mark.parametrize("route", ["/slow-headers", "/slow-body"])
def test_slow_response_times_out(server, registry, route):
    url = f"{server}{route}"
    started = time.monotonic()
    error = assert_one_error(load_url(url, registry), url, FetchError)
    assert time.monotonic() - started < SLOW_S
    assert "0.5" in error.reason


def test_trickling_response_is_cut_at_the_timeout(server, registry):
    url = f"{server}/trickle"
    assert_one_error(load_url(url, registry), url, FetchError)


def test_unreachable_url(registry, closed_port):
    url = f"http://127.0.0.1:{closed_port}/news/dock.html"
    error = assert_one_error(load_url(url, registry), url, FetchError)
    assert "unreachable" in error.reason


def test_html_url_without_text_is_empty(server, registry):
    url = f"{server}/empty-page"
    [error] = load_url(url, registry).errors
    assert error.code == "empty"
    assert error.source == url


@pytest.mark.parametrize("url", ["ftp://127.0.0.1:9/dock.txt", "file:///etc/hostname", "javascript:alert(1)"])
def test_fetch_url_refuses_other_schemes(url):
    with pytest.raises(FetchError) as caught:
        fetch_url(url, timeout=TIMEOUT_S, max_bytes=CAP, max_redirects=0)
    assert caught.value.source == url


@pytest.mark.parametrize("url", ["http://[", "http://example.org:port/dock.html"])
def test_http_open_bracket_and_a_port_that_is_no_number_are_named_errors(url, registry):
    """Not a traceback: urllib raised ValueError and http.client InvalidURL for these."""
    error = assert_one_error(load_url(url, registry), url, FetchError)
    assert "not a valid URL" in error.reason


def test_bad_urls_do_not_stop_good_ones(server, registry, tmp_path, closed_port):
    good_file = write(tmp_path / "local.txt", GOOD_TEXT)
    specs = [
        f"{server}/missing",
        f"{server}/plain/dock-notes",
        f"http://127.0.0.1:{closed_port}/x",
        str(good_file),
        f"{server}/big-with-length",
        f"{server}/api/record",
    ]
    result = load(specs, registry, fetch_settings(max_bytes=CAP))
    assert [a.id for a in result.articles] == ["dock-notes", "local", "rec-7"]
    assert [e.source for e in result.errors] == [specs[0], specs[2], specs[4]]
    assert [type(e) for e in result.errors] == [FetchError, FetchError, InputTooLargeError]


def test_url_without_extension_or_useful_type_is_sniffed_as_html(server, registry):
    article = only_article(load_url(f"{server}/untyped/dock-story", registry))
    assert "<" not in article.text  # extracted by the HTML reader, not kept as markup
    assert article.id == "dock-story"
