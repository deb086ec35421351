"""Input expansion: directories, globs, stdin, duplicates, provenance of inputs."""

from __future__ import annotations

import hashlib
import io
import json

import pytest

from corroborate.ingest import load_articles
from corroborate.settings import Settings
from tests.conftest import AURORA, require_shared
from tests.ingest.helpers import codes, load, only_article, write
from tests.ingest.test_html import PARAS, page

TEXTS = {
    "a": "The ferry dock closed on Monday.\n",
    "b": "Boats moved to the north landing.\n",
    "c": "The port authority opened a pier.\n",
    "d": "Commuters waited an hour on Tuesday.\n",
    "e": "Engineers will finish by next week.\n",
}


@pytest.fixture
def tree(tmp_path):
    """story/{b,a}.txt, story/sub/c.txt, story/sub/deeper/d.json, plus hidden files and dirs."""
    root = tmp_path / "story"
    write(root / "b.txt", TEXTS["b"])
    write(root / "a.txt", TEXTS["a"])
    write(root / "sub" / "c.txt", TEXTS["c"])
    write(root / "sub" / "deeper" / "d.json", json.dumps({"id": "d", "text": TEXTS["d"]}))
    write(root / ".draft.txt", "A hidden draft about the dock.\n")
    write(root / ".git" / "notes.txt", "Hidden directory text about the dock.\n")
    write(root / "sub" / ".cache" / "x.txt", "Nested hidden directory text.\n")
    return root


# --- directories -----------------------------------------------------------------------------


def test_directory_walk_is_recursive_and_sorted(tree, registry):
    result = load([tree], registry)
    assert result.errors == []
    assert [a.id for a in result.articles] == ["a", "b", "c", "d"]
    assert [a.source for a in result.articles] == [
        str(tree / "a.txt"),
        str(tree / "b.txt"),
        str(tree / "sub" / "c.txt"),
        f"{tree / 'sub' / 'deeper' / 'd.json'}",
    ]


def test_directory_walk_skips_hidden_files_and_dirs_silently(tree, registry):
    result = load([tree], registry)
    assert not any("hidden" in a.text.lower() or "draft" in a.text.lower() for a in result.articles)
    assert result.notes == []
    assert result.warnings == []


def test_hidden_parent_of_the_named_directory_does_not_hide_it(tmp_path, registry):
    folder = tmp_path / ".archive" / "story"
    write(folder / "a.txt", TEXTS["a"])
    assert [a.id for a in load([folder], registry).articles] == ["a"]


def test_hidden_file_named_explicitly_is_read(tree, registry):
    assert only_article(load([tree / ".draft.txt"], registry)).id == ".draft"


def test_empty_directory_gives_nothing(tmp_path, registry):
    (tmp_path / "empty").mkdir()
    result = load([tmp_path / "empty"], registry)
    assert (result.articles, result.errors, result.notes) == ([], [], [])


def test_shared_corpus_directory_walk(registry):
    folder = require_shared(AURORA)
    result = load([folder], registry)
    assert result.errors == []
    assert [a.id for a in result.articles] == sorted(p.stem for p in folder.glob("*.txt"))
    assert any("expected.yaml" in n for n in result.notes)


# --- globs -----------------------------------------------------------------------------------


def test_glob_star_matches_one_level(tree, registry):
    result = load([f"{tree}/*.txt"], registry)
    assert [a.id for a in result.articles] == ["a", "b"]
    assert result.errors == []


def test_glob_double_star_matches_recursively(tree, registry):
    result = load([f"{tree}/**/*.txt"], registry)
    assert [a.id for a in result.articles] == ["a", "b", "c"]
    assert result.warnings == []


def test_glob_question_mark_and_class(tree, registry):
    assert [a.id for a in load([f"{tree}/?.txt"], registry).articles] == ["a", "b"]
    assert [a.id for a in load([f"{tree}/[b].txt"], registry).articles] == ["b"]


def test_glob_matching_unread_type_is_a_note(tree, registry):
    write(tree / "expected.yaml", "x: 1\n")
    result = load([f"{tree}/*"], registry)
    assert result.errors == []
    assert any("expected.yaml" in n for n in result.notes)
    assert [a.id for a in result.articles] == ["a", "b", "c", "d"]


def test_glob_matching_a_directory_walks_it(tree, registry):
    result = load([f"{tree}/su*"], registry)
    assert [a.id for a in result.articles] == ["c", "d"]


def test_glob_double_star_alone_reads_each_file_once(tree, registry):
    result = load([f"{tree}/**"], registry)
    assert [a.id for a in result.articles] == ["a", "b", "c", "d"]
    assert result.warnings == []
    assert len(result.inputs) == 4


def test_existing_file_with_glob_characters_is_read_as_named(tmp_path, registry):
    path = write(tmp_path / "dock[1].txt", TEXTS["a"])
    assert only_article(load([path], registry)).id == "dock[1]"


# --- stdin -----------------------------------------------------------------------------------


def stdin_load(registry, data: bytes):
    return load(["-"], registry, stdin=io.BytesIO(data))


def test_stdin_text(registry):
    text = "Ferry dock to close\n\nThe dock closes on Monday.\r\n"
    article = only_article(stdin_load(registry, text.encode()))
    assert article.id == "stdin"
    assert article.text == text
    assert article.title == "Ferry dock to close"


def test_stdin_text_with_front_matter(registry):
    data = b"---\noutlet: KMBK\n---\nThe dock closes on Monday.\n"
    article = only_article(stdin_load(registry, data))
    assert article.outlet == "KMBK News"
    assert article.text == "The dock closes on Monday.\n"


def test_stdin_json_record(registry):
    data = json.dumps({"id": "piped", "text": TEXTS["a"], "outlet": "the Ledger"}, indent=2).encode()
    article = only_article(stdin_load(registry, data))
    assert (article.id, article.text, article.outlet) == ("piped", TEXTS["a"], "Riverside Ledger")


def test_stdin_json_list(registry):
    data = json.dumps([{"id": "x", "text": TEXTS["a"]}, {"id": "y", "text": TEXTS["b"]}]).encode()
    assert [a.id for a in stdin_load(registry, data).articles] == ["x", "y"]


def test_stdin_jsonl(registry):
    data = "\n".join(json.dumps({"id": k, "text": t}) for k, t in TEXTS.items()).encode()
    result = stdin_load(registry, data)
    assert [a.id for a in result.articles] == list(TEXTS)
    assert [a.source.rsplit(":", 1)[1] for a in result.articles] == ["1", "2", "3", "4", "5"]


def test_stdin_jsonl_with_a_bad_line(registry):
    data = b'{"id": "x", "text": "The dock closed."}\n{"id": "y", "text": \n{"id": "z", "text": "Boats moved."}\n'
    result = stdin_load(registry, data)
    assert [a.id for a in result.articles] == ["x", "z"]
    [error] = result.errors
    assert error.source.endswith(":2")


def test_stdin_html(registry):
    article = only_article(stdin_load(registry, page().encode()))
    assert PARAS[0] in article.text
    assert article.id == "stdin"


def test_stdin_empty_is_an_error(registry):
    result = stdin_load(registry, b"")
    assert [e.code for e in result.errors] == ["empty"]


def test_stdin_with_files(tmp_path, registry):
    path = write(tmp_path / "a.txt", TEXTS["a"])
    result = load([path, "-"], registry, stdin=io.BytesIO(TEXTS["b"].encode()))
    assert [a.id for a in result.articles] == ["a", "stdin"]


def test_stdin_source_is_named_stdin(registry):
    assert only_article(stdin_load(registry, TEXTS["a"].encode())).source == "stdin"


def test_stdin_json_with_utf8_bom(registry):
    data = b"\xef\xbb\xbf" + json.dumps({"id": "bom", "text": TEXTS["a"]}).encode()
    assert only_article(stdin_load(registry, data)).id == "bom"


# --- duplicates and provenance ---------------------------------------------------------------


def test_same_text_twice_is_analysed_once(tmp_path, registry):
    first = write(tmp_path / "one.txt", TEXTS["a"])
    second = write(tmp_path / "two.txt", TEXTS["a"])
    result = load([first, second], registry)
    assert [a.id for a in result.articles] == ["one"]
    [warning] = result.warnings
    assert warning.code == "duplicate"
    assert warning.source == str(second)
    assert "'one'" in warning.message


def test_same_file_named_twice_is_analysed_once(tmp_path, registry):
    path = write(tmp_path / "one.txt", TEXTS["a"])
    result = load([path, path], registry)
    assert len(result.articles) == 1
    assert codes(result) == ["duplicate"]


def test_same_stem_in_different_dirs_gets_unique_ids(tmp_path, registry):
    first = write(tmp_path / "courier" / "story.txt", TEXTS["a"])
    second = write(tmp_path / "ledger" / "story.txt", TEXTS["b"])
    third = write(tmp_path / "metro" / "story.json", json.dumps({"id": "story", "text": TEXTS["c"]}))
    result = load([first, second, third], registry)
    assert [a.id for a in result.articles] == ["story", "story-2", "story-3"]
    assert codes(result) == ["duplicate_id", "duplicate_id"]
    assert [w.source for w in result.warnings] == [str(second), str(third)]
    assert "'story-2'" in result.warnings[0].message


def test_generated_id_does_not_clash_with_a_later_real_id(tmp_path, registry):
    paths = [
        write(tmp_path / "x" / "story.txt", TEXTS["a"]),
        write(tmp_path / "y" / "story.txt", TEXTS["b"]),
        write(tmp_path / "story-2.txt", TEXTS["c"]),
    ]
    ids = [a.id for a in load(paths, registry).articles]
    assert len(set(ids)) == 3
    assert ids[:2] == ["story", "story-2"]


def test_inputs_record_the_sha256_of_the_bytes_read(tmp_path, registry):
    data = b"---\ntitle: Dock\n---\nThe dock closed.\n"
    path = write(tmp_path / "p.txt", data)
    result = load([path], registry)
    assert [(i.source, i.sha256) for i in result.inputs] == [(str(path), hashlib.sha256(data).hexdigest())]
    assert result.articles[0].sha256 == hashlib.sha256(b"The dock closed.\n").hexdigest()


def test_inputs_skip_files_that_could_not_be_read(tmp_path, registry):
    good = write(tmp_path / "a.txt", TEXTS["a"])
    result = load([good, tmp_path / "missing.txt"], registry)
    assert [i.source for i in result.inputs] == [str(good)]


def test_mixed_specs_keep_their_order(tree, tmp_path, registry):
    extra = write(tmp_path / "extra.txt", TEXTS["e"])
    result = load([extra, tree / "sub", f"{tree}/b.*"], registry)
    assert [a.id for a in result.articles] == ["extra", "c", "d", "b"]


def test_default_registry_is_loaded_when_none_given(tmp_path):
    path = write(tmp_path / "a.txt", "---\noutlet: FOX 31\n---\nThe dock closed.\n")
    result = load_articles([str(path)], Settings())
    assert result.articles[0].outlet == "KDVR"
