"""Output files: written whole, with the umask's mode, and never in place of a device,
a pipe or a symlink (SECURITY.md)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from corroborate.files import write_atomically


def test_a_new_output_file_gets_the_umask_mode_not_0600(tmp_path: Path) -> None:
    previous = os.umask(0o022)
    try:
        write_atomically(tmp_path / "report.html", "<p>ok</p>")
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "report.html").stat().st_mode) == 0o644


def test_an_existing_output_keeps_its_mode(tmp_path: Path) -> None:
    out = tmp_path / "shared.json"
    out.write_text("{}")
    out.chmod(0o664)
    write_atomically(out, '{"a": 1}')
    assert stat.S_IMODE(out.stat().st_mode) == 0o664 and out.read_text() == '{"a": 1}'


def test_o_onto_a_symlink_to_dev_null_writes_through_and_keeps_both(tmp_path: Path) -> None:
    link = tmp_path / "out.json"
    link.symlink_to("/dev/null")
    write_atomically(link, "{}")
    assert link.is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_o_onto_a_symlink_to_a_file_replaces_the_file_not_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "latest.json"
    link.symlink_to(target)
    write_atomically(link, "new")
    assert link.is_symlink() and target.read_text() == "new"


def test_o_onto_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(OSError, match="not a regular file"):
        write_atomically(tmp_path / "pipe.json", "{}")
    assert stat.S_ISFIFO(os.stat(tmp_path / "pipe.json").st_mode)
