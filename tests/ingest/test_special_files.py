"""Only regular files are read: a device, a FIFO or a symlink to one, named or globbed, is an
error of its own, read not at all, and the other inputs still load (SECURITY.md)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from corroborate.errors import MalformedInputError
from tests.ingest.helpers import GOOD_TEXT, load, write


@pytest.fixture
def no_hang():
    """A test that would block on a FIFO fails after 10 s instead."""

    def timeout(*_: object) -> None:
        raise TimeoutError("blocked on a special file")

    previous = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_txt_symlink_to_a_device_is_refused_and_the_others_load(tmp_path: Path, registry, device: str, no_hang) -> None:
    good = write(tmp_path / "good.txt", GOOD_TEXT)
    link = tmp_path / "zero.txt"
    link.symlink_to(device)
    result = load([good, link], registry)
    assert [a.id for a in result.articles] == ["good"]
    [error] = result.errors
    assert isinstance(error, MalformedInputError) and error.source == str(link)
    assert "not a regular file" in error.reason


def test_a_fifo_named_or_globbed_is_refused_without_blocking(tmp_path: Path, registry, no_hang) -> None:
    good = write(tmp_path / "good.txt", GOOD_TEXT)
    os.mkfifo(tmp_path / "pipe.txt")
    for specs in ([good, tmp_path / "pipe.txt"], [str(tmp_path / "*.txt")]):
        result = load(specs, registry)
        assert [a.id for a in result.articles] == ["good"]
        assert [e.source for e in result.errors] == [str(tmp_path / "pipe.txt")]


def test_a_walk_skips_a_file_linking_outside_its_folder_unless_asked(tmp_path: Path, registry) -> None:
    """A symlink in a walked folder to a file elsewhere (the text of /etc/passwd became an
    article) is skipped with a note; --follow-links (Settings.follow_links) reads it."""
    from corroborate.settings import Settings

    folder, outside = tmp_path / "story", tmp_path / "private"
    write(folder / "good.txt", GOOD_TEXT)
    secret = write(outside / "secret.txt", "The ferry company's payroll is private.\n")
    (folder / "passwd.txt").symlink_to(secret)
    (folder / "alias.txt").symlink_to(folder / "good.txt")  # inside the folder: read
    result = load([folder], registry)
    ids = {a.id for a in result.articles}
    assert "passwd" not in ids and ids & {"alias", "good"}  # the two same texts may be one article
    assert any("passwd.txt" in note and "--follow-links" in note for note in result.notes)
    followed = load([folder], registry, Settings(follow_links=True))
    assert "passwd" in {a.id for a in followed.articles}
