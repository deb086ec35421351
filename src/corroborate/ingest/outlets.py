"""The outlet registry: canonical outlet names, their aliases and their domains."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from corroborate.errors import OutletRegistryError


@dataclass(frozen=True)
class Outlet:
    name: str
    kind: str = "outlet"
    aliases: tuple[str, ...] = ()
    domains: tuple[str, ...] = ()
    # The outlet's own programmes ("This Week" on ABC News): a quotation given on one
    # comes through the outlet, but the title alone never names the outlet in free text.
    programmes: tuple[str, ...] = ()


def normalise_outlet_name(name: str) -> str:
    """Case-, space- and leading-'the'-insensitive key: 'The  FOX31' -> 'fox31'."""
    key = re.sub(r"[\s\-_.]+", " ", name.casefold()).strip()
    return re.sub(r"^the ", "", key)


def host_of(url_or_host: str) -> str:
    """The host of a URL or bare host name, lower-cased, without `www.`."""
    text = url_or_host.strip()
    if not re.match(r"^[a-z][a-z0-9+.\-]*://", text, re.I):
        text = "//" + text
    try:
        host = urlsplit(text).hostname or ""
    except ValueError:
        return ""
    return host.removeprefix("www.")


_EXTRACT: Any = None


def registered_domain(url_or_host: str | None) -> str | None:
    """The registered domain of a URL or host ("https://news.example.co.uk/a" ->
    "example.co.uk"), by the Public Suffix List snapshot bundled with tldextract
    (never fetched: no suffix-list URLs, no cache); None for IPs, bare hosts, junk."""
    global _EXTRACT
    if not url_or_host or not url_or_host.strip():
        return None
    if _EXTRACT is None:
        import tldextract  # deferred: only URLs need it

        _EXTRACT = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)
    try:
        parts = _EXTRACT(url_or_host.strip())
    except ValueError:
        return None
    return parts.top_domain_under_public_suffix.casefold() or None


@dataclass
class OutletRegistry:
    outlets: dict[str, Outlet] = field(default_factory=dict)
    _by_alias: dict[str, str] = field(default_factory=dict)
    _by_domain: dict[str, str] = field(default_factory=dict)
    _by_programme: dict[str, str] = field(default_factory=dict)
    _by_label: dict[str, set[str]] = field(default_factory=dict)  # "nytimes" -> outlets on nytimes.*

    @classmethod
    def load(cls, extra_files: Iterable[Path] = ()) -> OutletRegistry:
        """The bundled registry, extended by each file in `extra_files`, in order."""
        registry = cls()
        bundled = resources.files("corroborate.ingest").joinpath("outlets.yaml").read_text("utf-8")
        registry.add_entries(yaml.safe_load(bundled), "bundled registry")
        for path in extra_files:
            try:
                data = yaml.safe_load(Path(path).read_text("utf-8"))
            except (OSError, UnicodeDecodeError, yaml.YAMLError, RecursionError) as exc:
                raise OutletRegistryError(f"{path}: cannot read outlet registry ({exc}); fix the file or drop --outlets") from exc
            registry.add_entries(data, str(path))
        return registry

    def add_entries(self, data: Any, source: str) -> None:
        if not isinstance(data, dict) or not isinstance(data.get("outlets"), list):
            raise OutletRegistryError(f"{source}: expected a mapping with an 'outlets' list (see outlets.yaml)")
        for index, entry in enumerate(data["outlets"]):
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
                raise OutletRegistryError(f"{source}: outlet #{index + 1} needs a non-empty 'name'")
            aliases = _strings(entry.get("aliases"), source, index, "aliases")
            domains = _strings(entry.get("domains"), source, index, "domains")
            programmes = _strings(entry.get("programmes"), source, index, "programmes")
            kind = entry.get("kind") or "outlet"
            if not isinstance(kind, str):  # never str() a structure: YAML aliases can make it enormous
                raise OutletRegistryError(f"{source}: outlet #{index + 1}: 'kind' must be a string")
            self.add(Outlet(entry["name"].strip(), kind, aliases, domains, programmes))

    def add(self, outlet: Outlet) -> None:
        """Add an outlet; one whose name or alias is known extends that outlet."""
        existing = self.resolve(outlet.name) or next(filter(None, map(self.resolve, outlet.aliases)), None)
        if existing is not None:
            outlet = Outlet(
                existing.name,
                existing.kind if outlet.kind == "outlet" else outlet.kind,
                tuple(dict.fromkeys(a for a in (*existing.aliases, *outlet.aliases, outlet.name) if a != existing.name)),
                tuple(dict.fromkeys(existing.domains + outlet.domains)),
                tuple(dict.fromkeys(existing.programmes + outlet.programmes)),
            )
        self.outlets[outlet.name] = outlet
        for alias in (outlet.name, *outlet.aliases):
            self._by_alias[normalise_outlet_name(alias)] = outlet.name
        for domain in outlet.domains:
            self._by_domain[host_of(domain)] = outlet.name
            self._by_label.setdefault(host_of(domain).split(".", 1)[0], set()).add(outlet.name)
        for programme in outlet.programmes:
            self._by_programme[normalise_outlet_name(programme)] = outlet.name

    def resolve(self, name: str | None) -> Outlet | None:
        """The outlet a name or alias refers to, or None."""
        if not name:
            return None
        canonical = self._by_alias.get(normalise_outlet_name(name))
        return self.outlets[canonical] if canonical else None

    def by_programme(self, title: str | None) -> Outlet | None:
        """The outlet whose programme this title is ("Meet the Press" -> NBC News), or None."""
        if not title:
            return None
        canonical = self._by_programme.get(normalise_outlet_name(title.strip(" \t\"'“”‘’.,")))
        return self.outlets[canonical] if canonical else None

    def by_domain(self, url_or_host: str | None) -> Outlet | None:
        """The outlet publishing on this URL's host (subdomains included), or None."""
        if not url_or_host:
            return None
        host = host_of(url_or_host)
        while host:
            if host in self._by_domain:
                return self.outlets[self._by_domain[host]]
            if "." not in host:
                return None
            host = host.split(".", 1)[1]
        return None

    def by_site_label(self, label: str | None) -> Outlet | None:
        """The outlet whose web address this is without its suffix ("nytimes" for
        nytimes.com, "foxnews"), when one outlet alone has it; or None."""
        owners = self._by_label.get(label.casefold(), set()) if label else set()
        return self.outlets[next(iter(owners))] if len(owners) == 1 else None


def _strings(value: Any, source: str, index: int, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise OutletRegistryError(f"{source}: outlet #{index + 1}: '{key}' must be a list of strings")
    return tuple(v.strip() for v in value if v.strip())
