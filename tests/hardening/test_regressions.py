"""Regressions found while hardening, each named after the input that broke it.

Before the fixes, each of these inputs stopped the whole run (an exception that is
no `InputError` escapes `load_articles`) or exhausted memory.
"""

from __future__ import annotations

import resource
from pathlib import Path

import pytest

from corroborate.errors import MalformedInputError, OutletRegistryError
from corroborate.ingest import OutletRegistry, load_articles
from corroborate.ingest.readers import ReadContext, read_json, read_jsonl, read_txt
from corroborate.settings import Settings

REGISTRY = OutletRegistry.load()
CONTEXT = ReadContext(REGISTRY)


def _alias_bomb(levels: int, leaf: str = '"ha ha ha ha ha ha"') -> list[str]:
    """YAML lines: level 0 a list of 9 strings, each next level a list of 9 aliases of the one before."""
    lines = ["l0: &l0 [" + ", ".join([leaf] * 9) + "]"]
    for level in range(1, levels):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * 9) + "]")
    return lines


def test_json_array_nested_200000_deep_is_a_malformed_input() -> None:
    # Was: RecursionError out of json.loads, through load_articles, ending the run.
    with pytest.raises(MalformedInputError, match="nested too deeply") as raised:
        read_json(b"[" * 200_000 + b"]" * 200_000, "deep.json", CONTEXT)
    assert raised.value.source == "deep.json"


def test_jsonl_line_nested_200000_deep_is_a_bad_line_and_the_next_line_loads() -> None:
    deep = b'{"id": "a", "text": "x", "title": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"
    result = read_jsonl(deep + b'\n{"id": "b", "text": "The dock reopened on Monday."}\n', "deep.jsonl", CONTEXT)
    assert [a.id for a in result.articles] == ["b"]
    (error,) = result.errors
    assert isinstance(error, MalformedInputError) and error.source == "deep.jsonl:1" and "nested too deeply" in error.reason


def test_front_matter_list_nested_20000_deep_is_malformed(tmp_path: Path) -> None:
    # Was: RecursionError out of the YAML loader.
    path = tmp_path / "deep.txt"
    path.write_bytes(b"---\ntitle: " + b"[" * 20_000 + b"]" * 20_000 + b"\n---\nThe dock reopened on Monday.\n")
    loaded = load_articles([str(path)], Settings(), REGISTRY)
    (error,) = loaded.errors
    assert isinstance(error, MalformedInputError) and error.source == str(path) and "nests too deeply" in error.reason


def test_front_matter_title_alias_bomb_of_nine_levels_is_ignored_with_a_warning() -> None:
    # Was: str() of the title expanded 9**9 (387 million) strings: memory ran out.
    front_matter = "\n".join(["---", *_alias_bomb(9), "title: *l8", "author: *l0", "---", "The dock reopened on Monday.", ""])
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = read_txt(front_matter.encode(), "bomb.txt", CONTEXT)
    grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    (article,) = result.articles
    assert article.title is None
    assert article.author == ", ".join(["ha ha ha ha ha ha"] * 9)  # a list of scalars is joined
    assert [w.code for w in result.warnings] == ["bad_metadata"]
    assert "'title'" in result.warnings[0].message
    assert grown_mib < 100


def test_front_matter_published_alias_bomb_is_ignored_not_stringified() -> None:
    front_matter = "\n".join(["---", *_alias_bomb(9), "published: *l8", "---", "The dock reopened on Monday.", ""])
    (article,) = read_txt(front_matter.encode(), "bomb.txt", CONTEXT).articles
    assert article.published is None and article.published_as_given is None


def test_json_record_title_that_is_an_object_is_ignored_with_a_warning() -> None:
    result = read_jsonl(b'{"id": "a", "text": "The dock reopened on Monday.", "title": {"nested": [1, 2]}}\n', "r.jsonl", CONTEXT)
    (article,) = result.articles
    assert article.title is None
    assert [w.code for w in result.warnings] == ["bad_metadata"]


def test_outlet_registry_kind_alias_bomb_is_a_registry_error(tmp_path: Path) -> None:
    # Was: str() of `kind` expanded the aliases.
    path = tmp_path / "outlets.yaml"
    path.write_text("\n".join([*_alias_bomb(9), "outlets:", "  - name: Velden Courier", "    kind: *l8", ""]), "utf-8")
    with pytest.raises(OutletRegistryError, match="'kind' must be a string"):
        OutletRegistry.load([path])


def test_outlet_registry_nested_20000_deep_is_a_registry_error(tmp_path: Path) -> None:
    path = tmp_path / "outlets.yaml"
    path.write_bytes(b"outlets: " + b"[" * 20_000 + b"]" * 20_000 + b"\n")
    with pytest.raises(OutletRegistryError, match=str(path)):
        OutletRegistry.load([path])


def test_jsonl_text_with_a_lone_surrogate_escape_ud800_is_read_with_a_replacement_and_a_warning() -> None:
    # Was: UnicodeEncodeError ('surrogates not allowed') out of the article's SHA-256, ending the run.
    data = b'{"id": "a\\udfff", "text": "The mayor said \\ud800 the dock reopened.", "title": "Dock \\udc00"}\n'
    result = read_jsonl(data, "s.jsonl", CONTEXT)
    (article,) = result.articles
    assert article.text == "The mayor said \ufffd the dock reopened."
    assert (article.id, article.title) == ("a\ufffd", "Dock \ufffd")
    assert [w.code for w in result.warnings] == ["lone_surrogate"]
    article.model_dump_json()  # writable as UTF-8


def test_front_matter_title_with_a_lone_surrogate_escape_is_replaced() -> None:
    result = read_txt(b'---\ntitle: "Dock \\ud800"\n---\nThe dock reopened on Monday.\n', "s.txt", CONTEXT)
    assert result.articles[0].title == "Dock \ufffd"
    assert [w.code for w in result.warnings] == ["lone_surrogate"]


def test_article_text_with_a_lone_surrogate_ud800_given_to_the_library_is_replaced() -> None:
    # Found by `make fuzz`: article_from_text("\ud800") raised UnicodeEncodeError (its SHA-256).
    from corroborate.ingest.readers import ReadResult, article_from_text

    result = ReadResult()
    article = article_from_text(
        "\ud800 the mayor said.", article_id="s", source="s", meta={}, registry=REGISTRY, date_origin="record", result=result
    )
    assert article.text == "\ufffd the mayor said."
    assert [w.code for w in result.warnings] == ["lone_surrogate"]
