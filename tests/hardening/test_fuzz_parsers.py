"""Fuzzing the parsers we own: bytes in, an article or a named `InputError` out.

Front matter, the JSON and JSONL readers, the HTML path, stdin sniffing and the
outlet registry loader get arbitrary and near-valid input from hypothesis. The
only acceptable failure is the documented one: an `InputError` subclass naming
the source (or `OutletRegistryError` for a registry file). `make fuzz` runs the
same tests with many more examples (HYPOTHESIS_PROFILE=long).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from corroborate.errors import InputError, MalformedInputError, OutletRegistryError
from corroborate.ingest import OutletRegistry, load_articles
from corroborate.ingest.frontmatter import split_front_matter
from corroborate.ingest.readers import READERS, ReadContext, ReadResult, read_html, read_json, read_jsonl, read_txt
from corroborate.settings import Settings
from tests.hardening.conftest import examples, profile
from tests.hardening.strategies import messy_text

REGISTRY = OutletRegistry.load()
CONTEXT = ReadContext(REGISTRY)
SOURCE = "fuzzed-input"

json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | messy_text
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ["id", "text", "html", "title", "url", "outlet", "published", "author", "standfirst", "language", "story"]
records = st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), json_values | messy_text, max_size=8)
html_pages = st.builds(
    '<html><head><title>{}</title><meta property="article:published_time" content="{}"></head><body><article>{}</article></body></html>'.format,
    messy_text,
    st.sampled_from(["2026-11-12", "not a date", "2026-13-45T99:00", ""]) | messy_text,
    st.lists(st.builds("<p>{}</p>".format, messy_text), max_size=6).map("".join),
)
any_bytes = (
    st.binary(max_size=600)
    | messy_text.map(lambda t: t.encode("utf-8", "surrogatepass"))
    | messy_text.map(lambda t: t.encode("utf-16", "surrogatepass"))
)


def _read_or_named_error(reader: Any, data: bytes) -> ReadResult | None:
    """The reader's result, or None after checking its error is a named InputError."""
    try:
        result = reader(data, SOURCE, CONTEXT)
    except InputError as error:
        assert error.source.startswith(SOURCE), error
        assert error.reason
        return None
    for error in result.errors:
        assert isinstance(error, InputError) and error.source.startswith(SOURCE), error
    for article in result.articles:
        assert article.text.strip()
        for zone in article.zones:
            assert 0 <= zone.start <= zone.end <= len(article.text)
    return result


@given(any_bytes, st.sampled_from(sorted(set(READERS.values()), key=lambda r: r.__name__)))
@profile(max_examples=examples(100))
@example(b"\xef\xbb\xbf", read_txt)
@example(b"---\n---\n", read_txt)
@example(b"[]", read_json)
@example(b"\n\n\r\n", read_jsonl)
def test_any_bytes_give_an_article_or_a_named_input_error(data: bytes, reader: Any) -> None:
    _read_or_named_error(reader, data)


@given(messy_text, st.dictionaries(st.text(max_size=10), json_values, max_size=5) | json_values)
@profile(max_examples=examples(100))
@example("", "a")
@example("body", {"title": None, "published": 20261112})
def test_front_matter_splits_any_yaml_or_names_the_source(body: str, meta: Any) -> None:
    header = yaml.safe_dump(meta, allow_unicode=True) if not isinstance(meta, str) else meta
    text = f"---\n{header}---\n{body}"
    try:
        found, rest = split_front_matter(text, SOURCE)
    except MalformedInputError as error:
        assert error.source == SOURCE
        return
    assert isinstance(found, dict) and all(isinstance(key, str) for key in found)
    assert text.endswith(rest)


@given(messy_text)
@profile(max_examples=examples(100))
@example("---\n")
@example("---\nkey: [unclosed\n---\nbody")
@example("---\n- a list\n---\nbody")
@example("---\n&a [*a]\n---\nbody")
def test_front_matter_on_any_text_returns_or_names_the_source(text: str) -> None:
    try:
        _, rest = split_front_matter(text, SOURCE)
    except MalformedInputError as error:
        assert error.source == SOURCE
        return
    assert text.endswith(rest)


@given(st.lists(records | json_values, max_size=5))
@profile(max_examples=examples(100))
@example([{"id": 7, "text": "A body long enough."}])
@example([{"id": True, "text": "x"}])
@example([{"id": "a\udfff", "text": "x\ud800 said the mayor.", "title": "\udc00"}])
@example([{"id": "a", "html": 3}])
def test_json_records_load_or_are_named_errors(items: list[Any]) -> None:
    as_list = json.dumps(items).encode()
    _read_or_named_error(read_json, as_list)
    lines = "\n".join(json.dumps(item) for item in items).encode()
    result = _read_or_named_error(read_jsonl, lines)
    if result is not None:
        assert all(":" in error.source for error in result.errors)  # FILE:LINE


@given(html_pages)
@profile(max_examples=examples(40), suppress_health_check=[HealthCheck.too_slow])
@example("<html><body><script>alert(1)</script></body></html>")
@example("<html><head><title>t</title></head><body>" + "<div>" * 300 + "deep" + "</div>" * 300 + "</body></html>")
def test_html_pages_give_an_article_or_a_named_input_error(page: str) -> None:
    _read_or_named_error(read_html, page.encode("utf-8", "surrogatepass"))
    record = json.dumps({"id": "h", "html": page}).encode()
    _read_or_named_error(read_jsonl, record)


@given(any_bytes)
@profile(max_examples=examples(60))
@example(b"[")
@example(b"{\n{")
@example(b"<html>")
def test_stdin_of_any_bytes_is_sniffed_and_read_or_named(data: bytes) -> None:
    loaded = load_articles(["-"], Settings(max_bytes=10_000), REGISTRY, stdin=io.BytesIO(data))
    for error in loaded.errors:
        assert isinstance(error, InputError) and error.source.startswith("stdin"), error


registry_entries = st.dictionaries(
    st.sampled_from(["name", "kind", "aliases", "domains"]) | st.text(max_size=5),
    json_values | st.lists(messy_text, max_size=3),
    max_size=5,
)


@given(st.one_of(json_values, st.fixed_dictionaries({"outlets": st.lists(registry_entries | json_values, max_size=4)})))
@profile(max_examples=examples(100))
@example({"outlets": [{"name": "X", "domains": ["http://[::1"]}]})
@example({"outlets": [{"name": "X", "aliases": ["   "], "domains": ["%%%"]}]})
def test_outlet_registry_entries_load_or_raise_the_registry_error(data: Any) -> None:
    registry = OutletRegistry.load()
    try:
        registry.add_entries(data, "fuzzed.yaml")
    except OutletRegistryError as error:
        assert "fuzzed.yaml" in str(error)
        return
    for outlet in registry.outlets.values():
        assert registry.resolve(outlet.name) is not None


@given(data=any_bytes)
@profile(max_examples=examples(60), suppress_health_check=[HealthCheck.function_scoped_fixture])
@example(data=b"outlets: !!python/object:os.system {}")
@example(data=b"\xff\xfe")
def test_outlet_registry_file_of_any_bytes_loads_or_names_the_file(data: bytes, tmp_path_factory: Any) -> None:
    path: Path = tmp_path_factory.mktemp("registry") / "outlets.yaml"
    path.write_bytes(data)
    try:
        OutletRegistry.load([path])
    except OutletRegistryError as error:
        assert str(path) in str(error)
