"""`waybill.spec.files`: only regular files are read or written, and a glob
never enters a linked folder yet matches what `glob.glob` matches."""

from __future__ import annotations

import glob
import os

import pytest

from waybill.spec.files import NotRegularFile, glob_files, inside, read_regular, rewrite_regular

TREE = ["a.wb", "b.txt", ".hidden.wb", "sub/c.wb", "sub/deep/d.wb", "sub/.dot/e.wb", "other/f.wb", "x1.wb", "x22.wb"]


@pytest.mark.parametrize("pattern", ["*.wb", "sub/*.wb", "**/*.wb", "sub/**/*.wb", "*/*.wb", "x?.wb", "[ab].*",
                                     "s*/d*/*.wb", "**/d.wb", "sub/**", "nothing/*.wb", "a.wb"])
def test_glob_files_matches_what_glob_matches(tmp_path, pattern):
    for name in TREE:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    full = str(tmp_path / pattern)
    expected = sorted(p for p in glob.glob(full, recursive=True) if not os.path.isdir(p))
    assert glob_files(full) == expected


def test_glob_files_does_not_enter_a_linked_folder(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.wb").write_text("x")
    os.symlink("..", tmp_path / "sub" / "up")
    assert glob_files(str(tmp_path / "**" / "*.wb")) == [str(tmp_path / "sub" / "a.wb")]


def test_read_regular_refuses_a_folder_and_a_fifo_without_blocking(tmp_path):
    with pytest.raises(OSError) as exc:
        read_regular(str(tmp_path), 10)
    assert exc.value.strerror == "Is a directory"
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "p")
        with pytest.raises(NotRegularFile, match="named pipe"):
            read_regular(str(tmp_path / "p"), 10)


def test_read_regular_reads_at_most_the_limit(tmp_path):
    (tmp_path / "f").write_bytes(b"0123456789")
    assert read_regular(str(tmp_path / "f"), 4) == b"0123"
    assert read_regular(str(tmp_path / "f"), 100) == b"0123456789"


def test_rewrite_regular_writes_a_file_and_never_through_a_link(tmp_path):
    target = tmp_path / "t.wb"
    target.write_text("a long old text\n")
    rewrite_regular(str(target), "new\n")
    assert target.read_text() == "new\n"
    os.symlink(target, tmp_path / "l.wb")
    with pytest.raises(NotRegularFile, match="link"):
        rewrite_regular(str(tmp_path / "l.wb"), "stolen\n")
    assert target.read_text() == "new\n"


def test_inside_resolves_links(tmp_path):
    (tmp_path / "pk").mkdir()
    (tmp_path / "out.wb").write_text("x")
    os.symlink(tmp_path / "out.wb", tmp_path / "pk" / "l.wb")
    folder = os.path.realpath(tmp_path / "pk")
    assert not inside(str(tmp_path / "pk" / "l.wb"), folder)
    assert inside(str(tmp_path / "pk" / "missing.wb"), folder)
