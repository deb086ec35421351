"""Bad inputs fail alone, named, with a reason; the good inputs of the same call still load."""

from __future__ import annotations

import codecs
import io

import pytest

from corroborate.errors import (
    BinaryInputError,
    EmptyInputError,
    InputError,
    InputTooLargeError,
    MalformedInputError,
)
from corroborate.ingest.decode import decode_bytes, looks_binary
from corroborate.settings import Settings
from tests.ingest.helpers import GOOD_TEXT, codes, load, only_article, write
from tests.ingest.test_html import page

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00\x1f\xf3\xffa"

BAD_FILES = [
    ("empty.txt", b"", EmptyInputError),
    ("spaces.txt", b"  \n\t\r\n   \n", EmptyInputError),
    ("empty.json", b"", EmptyInputError),
    ("blank.jsonl", b"\n\n", EmptyInputError),
    ("empty.html", b"   ", EmptyInputError),
    ("image.txt", PNG, BinaryInputError),
    ("nuls.txt", b"\x00\x00\x00\x00The dock closed on Monday.\x00\x00\x00\x00", BinaryInputError),
    ("controls.txt", bytes(range(1, 9)) * 20 + b"text", BinaryInputError),
    ("utf16-no-bom.txt", GOOD_TEXT.encode("utf-16-le"), BinaryInputError),
    ("png.json", PNG, BinaryInputError),
    ("photo.png", PNG, MalformedInputError),
    ("registry.yaml", b"outlets: []\n", MalformedInputError),
    ("notes.md", b"# Notes\n\nThe dock closed.\n", MalformedInputError),
]


@pytest.mark.parametrize(("name", "content", "error_type"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_file_fails_alone_and_is_named(tmp_path, registry, good_file, name, content, error_type):
    bad = write(tmp_path / name, content)
    result = load([bad, good_file], registry)
    [error] = result.errors
    assert type(error) is error_type
    assert error.source == str(bad)
    assert str(error).startswith(f"{bad}: ")
    assert error.reason
    assert [a.id for a in result.articles] == ["good-one"]


def test_every_bad_file_in_one_call(tmp_path, registry, good_file):
    bad = [write(tmp_path / "bad" / name, content) for name, content, _ in BAD_FILES]
    other_good = write(tmp_path / "other.txt", "The port authority opened a temporary pier on Tuesday.\n")
    result = load([*bad, good_file, other_good], registry)
    assert sorted(e.source for e in result.errors) == sorted(str(p) for p in bad)
    assert sorted(a.id for a in result.articles) == ["good-one", "other"]


@pytest.mark.parametrize(
    ("error_type", "code"),
    [
        (EmptyInputError, "empty"),
        (BinaryInputError, "binary"),
        (InputTooLargeError, "too_large"),
        (MalformedInputError, "malformed"),
        (InputError, "input_error"),
    ],
)
def test_error_codes(error_type, code):
    assert error_type.code == code
    assert issubclass(error_type, InputError)


# --- size cap --------------------------------------------------------------------------------


def test_file_over_max_bytes_is_too_large(tmp_path, registry, good_file):
    big = write(tmp_path / "big.txt", "The dock closed. " * 20)
    result = load([big, good_file], registry, Settings(max_bytes=200))
    [error] = result.errors
    assert isinstance(error, InputTooLargeError)
    assert error.source == str(big)
    assert "200" in error.reason
    assert [a.id for a in result.articles] == ["good-one"]


def test_file_at_exactly_max_bytes_loads(tmp_path, registry):
    data = b"The dock closed on Monday."
    path = write(tmp_path / "exact.txt", data)
    assert only_article(load([path], registry, Settings(max_bytes=len(data)))).text == data.decode()


def test_stdin_over_max_bytes_is_too_large(registry):
    result = load(["-"], registry, Settings(max_bytes=10), stdin=io.BytesIO(b"The dock closed on Monday."))
    [error] = result.errors
    assert isinstance(error, InputTooLargeError)
    assert error.source == "stdin"
    assert result.articles == []


# --- names that match nothing ----------------------------------------------------------------


def test_missing_path_is_an_error_naming_it(tmp_path, registry, good_file):
    missing = tmp_path / "nowhere" / "story.txt"
    result = load([missing, good_file], registry)
    [error] = result.errors
    assert isinstance(error, InputError)
    assert error.source == str(missing)
    assert "no such file" in error.reason
    assert len(result.articles) == 1


def test_glob_matching_nothing_is_an_error(tmp_path, registry, good_file):
    pattern = str(tmp_path / "nothing-*.txt")
    result = load([pattern, good_file], registry)
    [error] = result.errors
    assert error.source == pattern
    assert "no file matches" in error.reason
    assert len(result.articles) == 1


def test_yaml_named_explicitly_is_an_error_but_skipped_in_a_walk(tmp_path, registry):
    folder = tmp_path / "story"
    yaml_file = write(folder / "expected.yaml", "outlets: []\n")
    write(folder / "a.txt", GOOD_TEXT)

    walked = load([folder], registry)
    assert walked.errors == []
    assert [a.id for a in walked.articles] == ["a"]
    assert len(walked.notes) == 1
    assert str(yaml_file) in walked.notes[0]
    assert ".yaml" in walked.notes[0]

    named = load([yaml_file], registry)
    assert [type(e) for e in named.errors] == [MalformedInputError]
    assert named.errors[0].source == str(yaml_file)
    assert named.notes == []


def test_unread_types_in_a_walk_are_notes_not_errors(tmp_path, registry):
    folder = tmp_path / "story"
    write(folder / "a.txt", GOOD_TEXT)
    write(folder / "photo.png", PNG)
    write(folder / "LICENSE", "All rights reserved.\n")
    result = load([folder], registry)
    assert result.errors == []
    assert [a.id for a in result.articles] == ["a"]
    assert sorted(n.split(":")[0] for n in result.notes) == sorted(
        [f"skipped {folder / 'LICENSE'}", f"skipped {folder / 'photo.png'}"]
    )


# --- encodings -------------------------------------------------------------------------------

CP1252_TEXT = "The café owner, Renée Dupré, said “we’re staying open” – even with the dock shut.\n"
LATIN1_TEXT = "The café owner, Renée Dupré, said the façade of the old dock house would be repainted.\n"


@pytest.mark.parametrize(("text", "encoding"), [(CP1252_TEXT, "cp1252"), (LATIN1_TEXT, "latin-1")])
def test_non_utf8_text_is_decoded_with_an_encoding_warning(tmp_path, registry, good_file, text, encoding):
    path = write(tmp_path / "legacy.txt", text.encode(encoding))
    result = load([path, good_file], registry)
    assert not result.errors
    article = next(a for a in result.articles if a.id == "legacy")
    assert article.text == text
    assert codes(result) == ["encoding"]
    assert result.warnings[0].source == str(path)


def test_cp1252_spanish_names_decode_correctly(tmp_path, registry):
    text = "Señora Muñoz said the dock would reopen “soon”, and the café stayed open.\n"
    article = only_article(load([write(tmp_path / "n.txt", text.encode("cp1252"))], registry))
    assert article.text == text


def test_non_utf8_html_is_decoded_with_a_warning(tmp_path, registry):
    html = page(paras=[CP1252_TEXT.strip() + " " + p for p in ("More about the dock.", "And the boats.", "And the pier.")])
    result = load([write(tmp_path / "legacy.html", html.encode("cp1252"))], registry)
    assert "Renée Dupré" in only_article(result).text
    assert "encoding" in codes(result)


@pytest.mark.parametrize(
    ("bom", "encoding"),
    [
        (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
        (codecs.BOM_UTF32_LE, "utf-32-le"),
    ],
)
def test_bom_marked_text_decodes_silently_without_the_bom(tmp_path, registry, bom, encoding):
    text = "The “dock” closed on Monday.\r\nBoats moved north.\n"
    path = write(tmp_path / "bom.txt", bom + text.encode(encoding))
    result = load([path], registry)
    assert only_article(result).text == text
    assert codes(result) == []


def test_utf8_bom_before_front_matter(tmp_path, registry):
    path = write(tmp_path / "bom-fm.txt", codecs.BOM_UTF8 + f"---\ntitle: Dock news\n---\n{GOOD_TEXT}".encode())
    article = only_article(load([path], registry))
    assert article.title == "Dock news"
    assert article.text == GOOD_TEXT


def test_utf16_with_bom_via_python_codec(tmp_path, registry):
    path = write(tmp_path / "u16.txt", CP1252_TEXT.encode("utf-16"))
    assert only_article(load([path], registry)).text == CP1252_TEXT


# --- decode unit -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "binary"),
    [
        (b"", False),
        (b"plain text\n", False),
        (b"tabs\tand\r\nnewlines\x0cform feed", False),
        (b"a\x00b", False),  # a stray NUL (issue 18: two NUL bytes is still text)
        (b"\x00\x00\x00a", True),
        (PNG, True),
        (b"\x1b[31mred\x1b[0m and ordinary words that make up most of this line", False),
        (bytes(range(1, 9)) * 4, True),
    ],
)
def test_looks_binary(data, binary):
    assert looks_binary(data) is binary


def test_decode_utf8_has_no_warning():
    decoded = decode_bytes("Dock “closed”.".encode(), "x")
    assert (decoded.text, decoded.encoding, decoded.warning) == ("Dock “closed”.", "utf-8", None)


def test_decode_errors_name_the_source():
    with pytest.raises(EmptyInputError, match=r"^some/file\.txt: "):
        decode_bytes(b"\n \n", "some/file.txt")
    with pytest.raises(BinaryInputError, match=r"^other\.txt: "):
        decode_bytes(PNG, "other.txt")


def test_bom_only_is_empty():
    with pytest.raises(EmptyInputError):
        decode_bytes(codecs.BOM_UTF8, "bom.txt")
