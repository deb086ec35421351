"""What keeps the app safe to run in a newsroom: loopback by default, a token for writes
elsewhere, CSRF tokens on forms, SSRF-proof URL fetching, and the response headers.

- Binding a non-loopback host without a token is refused (`require_token_for_host`).
- Write endpoints need the token when one is set: `Authorization: Bearer …`, the
  `corroborate_auth` cookie the app sets after a form gave it (it holds a value derived from
  the token, never the token), or the form's `access_token`. Off loopback, reads need it too
  (`serve --open-reads` opens them), so a page that rebinds its own name to the server
  cannot read the newsroom's stories.
- Forms carry a CSRF token: an HMAC of the browser's session cookie (random,
  HttpOnly, SameSite=Strict) under a per-process secret; a form without the right one is refused.
- URLs are fetched through `corroborate.ingest.fetch.fetch_url` with an address guard that
  refuses loopback, private, link-local, multicast and reserved addresses, checked on the
  resolved IPs of every connection, redirects included (unless `--allow-private`).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from typing import Any

from corroborate.errors import FetchError, UsageError
from corroborate.ingest.fetch import AddressGuard, IPAddress, split_url

SESSION_COOKIE = "corroborate_session"
AUTH_COOKIE = "corroborate_auth"
CSRF_FIELD = "csrf_token"
TOKEN_ENV = "CORROBORATE_TOKEN"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")

# Scripts and styles are files served by the app ('self'); nothing inline, nothing remote.
APP_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'none'; object-src 'none'; frame-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def is_loopback_host(host: str) -> bool:
    """True for `localhost` and loopback addresses (127.0.0.0/8, ::1)."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def require_token_for_host(host: str, token: str | None) -> None:
    """Refuse to listen beyond loopback without a token: anyone on the network could write."""
    if not is_loopback_host(host) and not token:
        raise UsageError(
            f"--host {host} listens beyond this machine: give a token with --token or the {TOKEN_ENV} environment variable"
        )


def auth_cookie_value(token: str) -> str:
    """What the auth cookie holds: an HMAC of the token, so a leaked cookie is not the token
    (and the same in every server process, so any of them accepts it)."""
    return hmac.new(token.encode(), b"corroborate auth cookie 1", hashlib.sha256).hexdigest()


def set_auth_cookie(response: Any, request: Any) -> None:
    """Remember the token in this browser (a FastAPI response and request): a value derived
    from it, HttpOnly, SameSite=Strict, and `Secure` over TLS."""
    config = request.app.state.config
    if config.token:
        secure = config.secure_cookies or request.url.scheme == "https"
        response.set_cookie(AUTH_COOKIE, auth_cookie_value(config.token), httponly=True, samesite="strict", secure=secure)


def header_authorised(authorization: str, auth_cookie: str | None, token: str | None) -> bool:
    """True when the request carries the token as a bearer header or the derived cookie."""
    if not token:
        return True
    bearer = authorization[7:] if authorization.lower().startswith("bearer ") else None
    return token_matches(bearer, token) or token_matches(auth_cookie, auth_cookie_value(token))


def token_matches(given: str | None, expected: str | None) -> bool:
    if not expected:
        return True
    return bool(given) and hmac.compare_digest(str(given).encode(), expected.encode())


class CsrfSigner:
    """Per-session CSRF tokens: HMAC-SHA256 of the session id under a secret of this process."""

    def __init__(self, secret: bytes | None = None) -> None:
        self.secret = secret or secrets.token_bytes(32)

    @staticmethod
    def new_session() -> str:
        return secrets.token_urlsafe(24)

    def token_for(self, session: str) -> str:
        return hmac.new(self.secret, session.encode(), hashlib.sha256).hexdigest()

    def valid(self, session: str | None, token: str | None) -> bool:
        if not session or not token:
            return False
        return hmac.compare_digest(self.token_for(session), str(token))


def refuses_address(address: IPAddress) -> str | None:
    """Why `address` may not be fetched from, or None when it is a public address."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    checks = (
        ("loopback", address.is_loopback),
        ("link-local", address.is_link_local),
        ("unspecified", address.is_unspecified),
        ("private", address.is_private),
        ("multicast", address.is_multicast),
        ("reserved", address.is_reserved),
        ("not globally routable", not address.is_global),
    )
    return next((name for name, hit in checks if hit), None)


def public_address_guard(allow_private: bool = False, allowed: frozenset[IPAddress] = frozenset()) -> AddressGuard | None:
    """The guard `fetch_url` calls before each connection; None (no guard) with `allow_private`.

    `allowed` lets named addresses through (tests use it for their local server)."""
    if allow_private:
        return None

    def guard(host: str, address: IPAddress) -> None:
        if address in allowed:
            return
        reason = refuses_address(address)
        if reason:
            raise FetchError(
                # The resolved address is not echoed: a refusal must not map the internal network.
                host,
                f"refused: {host} resolves to a {reason} address (serve --allow-private permits it)",
            )

    return guard


def check_url_host(url: str, guard: AddressGuard | None) -> None:
    """An early check when the job is submitted (the fetch checks again, on every connection)."""
    host = split_url(url).hostname  # never None: split_url refuses a URL without a host
    if guard is None or host is None:
        return
    try:
        literal = ipaddress.ip_address(host)
    except ValueError:
        return  # a name: resolved and checked at fetch time, on the address actually used
    guard(host, literal)
