"""The CSV set is written as a set (issue 18, item 7): a disk that fills up after two of
the five files leaves the earlier set whole and no temporary folder behind."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from corroborate.report import csv_export
from corroborate.report.csv_export import TABLES, write_csv
from tests.report.builders import hand_made


def full_after(writes: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills after `writes` files (ENOSPC, as a full disk raises it)."""
    real = csv_export._write_file
    count = {"n": 0}

    def write(path: Path, content: str) -> None:
        count["n"] += 1
        if count["n"] > writes:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, content)

    monkeypatch.setattr(csv_export, "_write_file", write)


def test_a_disk_full_after_two_files_leaves_the_earlier_set_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "tables"
    write_csv(hand_made(), folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    (folder / "notes.txt").write_text("mine")
    for path in folder.glob("*.csv"):
        path.write_bytes(b"old " + path.name.encode())
    old = {p.name: p.read_bytes() for p in folder.iterdir()}
    full_after(2, monkeypatch)
    with pytest.raises(OSError, match="No space"):
        write_csv(hand_made(), folder)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == old  # nothing replaced
    assert sorted(before) == sorted(f"{t}.csv" for t in TABLES)
    assert [p.name for p in tmp_path.iterdir()] == ["tables"]  # no staging folder left


def test_a_disk_full_on_a_new_folder_leaves_no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    full_after(2, monkeypatch)
    with pytest.raises(OSError):
        write_csv(hand_made(), tmp_path / "new")
    assert list(tmp_path.iterdir()) == []


def test_a_new_folder_of_tables_gets_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        paths = write_csv(hand_made(), tmp_path / "fresh")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "fresh").stat().st_mode) == 0o755
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o644 for p in paths)


def test_a_symlinked_table_is_written_through(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    target = tmp_path / "elsewhere.csv"
    target.write_text("x")
    (folder / "quotes.csv").symlink_to(target)
    write_csv(hand_made(), folder)
    assert (folder / "quotes.csv").is_symlink() and target.read_bytes().startswith(b"\xef\xbb\xbf")
