""".json and .jsonl records: fields, per-record errors, line numbers, HTML records."""

from __future__ import annotations

import json

import pytest

from corroborate.errors import EmptyInputError, MalformedInputError
from tests.ingest.helpers import GOOD_TEXT, codes, load, only_article, write
from tests.ingest.test_html import PARAS, page

TEXT_A = "The harbour master said the ferry dock would close on Monday."
TEXT_B = "Boats will use the north landing until April, the port authority said."
TEXT_C = "Commuters waited an hour at the north landing on Tuesday morning."

RECORD = {
    "id": "dock-1",
    "text": TEXT_A,
    "title": "Ferry dock to close",
    "url": "https://www.kmbk.example/news/dock-1",
    "outlet": "Channel 7",
    "published": "2026-11-12T09:30:00Z",
    "author": "Pat Quill",
}


def jsonl(*records: object) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records)


# --- .json -----------------------------------------------------------------------------------


def test_json_single_record_fields(tmp_path, registry):
    path = write(tmp_path / "one.json", json.dumps(RECORD))
    article = only_article(load([path], registry))
    assert article.id == "dock-1"
    assert article.text == TEXT_A
    assert article.source == str(path)
    assert article.title == "Ferry dock to close"
    assert article.url == "https://www.kmbk.example/news/dock-1"
    assert (article.outlet, article.outlet_from) == ("KMBK News", "metadata")
    assert article.published == "2026-11-12T09:30:00+00:00"
    assert article.published_as_given == "2026-11-12T09:30:00Z"
    assert article.published_from == "record"
    assert article.author == "Pat Quill"


def test_json_record_text_is_kept_exactly(tmp_path, registry):
    text = "  Line one.\r\nLine “two”.\n\n"
    article = only_article(load([write(tmp_path / "r.json", json.dumps({"id": "x", "text": text}))], registry))
    assert article.text == text


def test_json_record_outlet_from_url_domain(tmp_path, registry):
    record = {"id": "d", "text": TEXT_A, "url": "https://news.kmbk.example/a"}
    article = only_article(load([write(tmp_path / "r.json", json.dumps(record))], registry))
    assert (article.outlet, article.outlet_from) == ("KMBK News", "domain")


def test_json_unknown_keys_are_ignored(tmp_path, registry):
    record = {"id": "u", "text": TEXT_A, "sentiment": 0.4, "tags": ["ferry"], "nested": {"a": 1}}
    result = load([write(tmp_path / "u.json", json.dumps(record))], registry)
    assert only_article(result).id == "u"
    assert codes(result) == []


@pytest.mark.parametrize(("given", "expected"), [(7, "7"), (0, "0"), ("  padded  ", "padded")])
def test_json_id_forms(tmp_path, registry, given, expected):
    article = only_article(load([write(tmp_path / "i.json", json.dumps({"id": given, "text": TEXT_A}))], registry))
    assert article.id == expected


def test_json_list_loads_every_record_with_indexed_sources(tmp_path, registry):
    path = write(tmp_path / "many.json", json.dumps([{"id": "a", "text": TEXT_A}, {"id": "b", "text": TEXT_B}]))
    result = load([path], registry)
    assert not result.errors
    assert [(a.id, a.source) for a in result.articles] == [("a", f"{path}[0]"), ("b", f"{path}[1]")]


@pytest.mark.parametrize(
    ("bad", "error_type", "words"),
    [
        ({"text": TEXT_B}, MalformedInputError, "'id'"),
        ({"id": "", "text": TEXT_B}, MalformedInputError, "'id'"),
        ({"id": True, "text": TEXT_B}, MalformedInputError, "'id'"),
        ({"id": 1.5, "text": TEXT_B}, MalformedInputError, "'id'"),
        ({"id": "no-text"}, MalformedInputError, "'no-text'"),
        ({"id": "num-text", "text": 42}, MalformedInputError, "'num-text'"),
        ({"id": "blank", "text": "  \n "}, EmptyInputError, "'blank'"),
        ("a bare string", MalformedInputError, "str"),
        ([1, 2], MalformedInputError, "list"),
        (None, MalformedInputError, "NoneType"),
    ],
)
def test_json_bad_record_in_list_fails_alone(tmp_path, registry, bad, error_type, words):
    path = write(tmp_path / "mixed.json", json.dumps([{"id": "a", "text": TEXT_A}, bad, {"id": "c", "text": TEXT_C}]))
    result = load([path], registry)
    [error] = result.errors
    assert isinstance(error, error_type)
    assert error.source == f"{path}[1]"
    assert words in error.reason
    assert [a.id for a in result.articles] == ["a", "c"]


def test_json_missing_id_in_single_record_names_the_file(tmp_path, registry, good_file):
    path = write(tmp_path / "noid.json", json.dumps({"text": TEXT_A}))
    result = load([path, good_file], registry)
    [error] = result.errors
    assert isinstance(error, MalformedInputError)
    assert error.source == str(path)
    assert [a.id for a in result.articles] == ["good-one"]


@pytest.mark.parametrize("content", ['{"id": "a", "text": "unterminated', "{'id': 'a'}", "[1, 2,]"])
def test_invalid_json_file_is_one_error_with_position(tmp_path, registry, good_file, content):
    path = write(tmp_path / "broken.json", content)
    result = load([path, good_file], registry)
    [error] = result.errors
    assert isinstance(error, MalformedInputError)
    assert error.source == str(path)
    assert "line 1 column" in error.reason
    assert len(result.articles) == 1


def test_json_empty_list_is_an_error_naming_the_file(tmp_path, registry):
    path = write(tmp_path / "none.json", "[]")
    result = load([path, write(tmp_path / "good.txt", GOOD_TEXT)], registry)
    [error] = result.errors
    assert isinstance(error, EmptyInputError) and error.source == str(path)
    assert [a.id for a in result.articles] == ["good"]


def test_json_with_utf8_bom(tmp_path, registry):
    path = write(tmp_path / "bom.json", b"\xef\xbb\xbf" + json.dumps({"id": "bom", "text": TEXT_A}).encode())
    assert only_article(load([path], registry)).text == TEXT_A


def test_json_record_bad_url_and_bad_date_are_warnings(tmp_path, registry):
    record = {"id": "w", "text": TEXT_A, "url": "javascript:alert(1)", "published": "sometime soon"}
    path = write(tmp_path / "w.json", json.dumps(record))
    result = load([path], registry)
    article = only_article(result)
    assert (article.url, article.published, article.published_as_given) == (None, None, "sometime soon")
    assert sorted(codes(result)) == ["bad_date", "bad_url"]
    assert {w.source for w in result.warnings} == {str(path)}


def test_json_record_standfirst_makes_a_zone(tmp_path, registry):
    text = f"{TEXT_B}\n\n{TEXT_A}\n"
    path = write(tmp_path / "s.json", json.dumps({"id": "s", "text": text, "standfirst": TEXT_B}))
    assert [z.kind for z in only_article(load([path], registry)).zones] == ["standfirst", "body"]


def test_json_duplicate_ids_are_made_unique(tmp_path, registry):
    path = write(tmp_path / "dup.json", json.dumps([{"id": "x", "text": TEXT_A}, {"id": "x", "text": TEXT_B}]))
    result = load([path], registry)
    assert [a.id for a in result.articles] == ["x", "x-2"]
    assert codes(result) == ["duplicate_id"]


# --- .jsonl ----------------------------------------------------------------------------------


def test_jsonl_records_name_their_line(tmp_path, registry):
    path = write(tmp_path / "feed.jsonl", jsonl({"id": "a", "text": TEXT_A}, {"id": "b", "text": TEXT_B}))
    result = load([path], registry)
    assert not result.errors
    assert [(a.id, a.source) for a in result.articles] == [("a", f"{path}:1"), ("b", f"{path}:2")]


def test_jsonl_blank_lines_are_skipped_and_line_numbers_stay_physical(tmp_path, registry):
    content = "\n" + jsonl({"id": "a", "text": TEXT_A}) + "   \n\n" + jsonl({"id": "b", "text": TEXT_B})
    path = write(tmp_path / "gaps.jsonl", content)
    result = load([path], registry)
    assert not result.errors
    assert [a.source for a in result.articles] == [f"{path}:2", f"{path}:5"]


def test_jsonl_crlf_lines(tmp_path, registry):
    content = jsonl({"id": "a", "text": TEXT_A}, {"id": "b", "text": TEXT_B}).replace("\n", "\r\n")
    result = load([write(tmp_path / "crlf.jsonl", content)], registry)
    assert [a.id for a in result.articles] == ["a", "b"]
    assert not result.errors


def test_jsonl_malformed_line_is_an_error_for_that_line_only(tmp_path, registry):
    content = jsonl({"id": "a", "text": TEXT_A}, '{"id": "b", "text": ', {"id": "c", "text": TEXT_C})
    path = write(tmp_path / "feed.jsonl", content)
    result = load([path], registry)
    [error] = result.errors
    assert isinstance(error, MalformedInputError)
    assert error.source == f"{path}:2"
    assert "line 2" in error.reason
    assert [a.id for a in result.articles] == ["a", "c"]


def test_jsonl_bad_records_name_their_lines(tmp_path, registry):
    content = jsonl({"text": TEXT_A}, {"id": "b", "text": TEXT_B}, {"id": "c"}, [1])
    path = write(tmp_path / "feed.jsonl", content)
    result = load([path], registry)
    assert [e.source for e in result.errors] == [f"{path}:1", f"{path}:3", f"{path}:4"]
    assert all(isinstance(e, MalformedInputError) for e in result.errors)
    assert [a.id for a in result.articles] == ["b"]


def test_ndjson_suffix_is_jsonl(tmp_path, registry):
    result = load([write(tmp_path / "feed.ndjson", jsonl({"id": "a", "text": TEXT_A}, {"id": "b", "text": TEXT_B}))], registry)
    assert [a.id for a in result.articles] == ["a", "b"]


def test_jsonl_record_with_html_and_no_text_is_extracted(tmp_path, registry):
    record = {"id": "h", "html": page(), "outlet": "Metro Daily"}
    article = only_article(load([write(tmp_path / "h.jsonl", jsonl(record))], registry))
    assert "\n\n".join(PARAS) in article.text
    assert "<p>" not in article.text
    assert article.outlet == "Metro Daily"
    assert article.title is not None


def test_jsonl_record_metadata_beats_html_metadata(tmp_path, registry):
    record = {"id": "h", "html": page(), "title": "Title from the record"}
    article = only_article(load([write(tmp_path / "h.jsonl", jsonl(record))], registry))
    assert article.title == "Title from the record"


def test_jsonl_record_with_text_and_html_uses_text(tmp_path, registry):
    record = {"id": "t", "text": TEXT_A, "html": page()}
    assert only_article(load([write(tmp_path / "t.jsonl", jsonl(record))], registry)).text == TEXT_A


def test_jsonl_record_with_empty_html_is_an_error_naming_the_line(tmp_path, registry):
    content = jsonl({"id": "a", "text": TEXT_A}, {"id": "e", "html": "<html><body></body></html>"})
    path = write(tmp_path / "e.jsonl", content)
    result = load([path], registry)
    [error] = result.errors
    assert isinstance(error, EmptyInputError)
    assert error.source == f"{path}:2"
    assert [a.id for a in result.articles] == ["a"]


def test_jsonl_text_with_unicode_line_separator(tmp_path, registry):
    text = "The dock closed.\u2028It reopens in April.\u0085Boats wait."
    content = json.dumps({"id": "sep", "text": text}, ensure_ascii=False) + "\n" + jsonl({"id": "b", "text": TEXT_B})
    path = write(tmp_path / "sep.jsonl", content)
    result = load([path], registry)
    assert not result.errors
    assert [(a.id, a.source) for a in result.articles] == [("sep", f"{path}:1"), ("b", f"{path}:2")]
    assert result.articles[0].text == text


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_non_utf8_json_gets_an_encoding_warning(tmp_path, registry, suffix):
    text = "The café owner said “we’re staying open” while the dock is shut."
    path = write(tmp_path / f"cp{suffix}", json.dumps({"id": "cp", "text": text}, ensure_ascii=False).encode("cp1252"))
    result = load([path], registry)
    assert only_article(result).text == text
    assert "encoding" in codes(result)
