"""Unpacking e-prints as arXiv serves them, and refusing archives that are unsafe, too large or corrupt."""

from __future__ import annotations

import gzip
import io
import os
import tarfile
from pathlib import Path

import pytest

from arxref.domain import BlobKind
from arxref.errors import CorruptArchive, TooLarge, UnsafeArchive
from arxref.source import UnpackLimits, detect_kind, pack_folder_as_eprint, read_source_folder, unpack_eprint
from tests.conftest import CORPUS

needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="shared corpus not mounted")


def make_tar(members: list[tarfile.TarInfo | tuple[str, bytes]], compress: bool = True) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for m in members:
            if isinstance(m, tarfile.TarInfo):
                tar.addfile(m)
            else:
                info = tarfile.TarInfo(m[0])
                info.size = len(m[1])
                tar.addfile(info, io.BytesIO(m[1]))
    return gzip.compress(buf.getvalue()) if compress else buf.getvalue()


def special(name: str, kind: bytes, linkname: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = linkname
    return info


TEX = b"\\documentclass{article}\\begin{document}x\\end{document}\n"


def test_detect_kind_by_content() -> None:
    assert detect_kind(b"%PDF-1.5\n...") is BlobKind.PDF
    assert detect_kind(gzip.compress(TEX)) is BlobKind.GZ
    assert detect_kind(make_tar([("a.tex", TEX)])) is BlobKind.TAR_GZ
    assert detect_kind(make_tar([("a.tex", TEX)], compress=False)) is BlobKind.TAR
    assert detect_kind(TEX) is BlobKind.TEX


@needs_corpus
@pytest.mark.parametrize(("slug", "member"), [("1911.02782", "main.bbl"), ("2004.14974", "emnlp2020.bbl")])
def test_real_arxiv_eprint_unpacks(slug: str, member: str) -> None:
    data = (CORPUS / slug / "eprint.gz").read_bytes()
    assert detect_kind(data) is BlobKind.TAR_GZ
    files = unpack_eprint(data)
    assert member in files
    assert all(not p.startswith(("/", "./")) for p in files)


def test_single_tex_gz_and_plain_tex() -> None:
    assert unpack_eprint(gzip.compress(TEX)) == {"main.tex": TEX}
    assert unpack_eprint(TEX) == {"main.tex": TEX}


def test_pack_folder_round_trip(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "paper.tex").write_bytes(TEX)
    single = pack_folder_as_eprint(tmp_path / "one")
    assert detect_kind(single) is BlobKind.GZ
    (tmp_path / "one" / "sub").mkdir()
    (tmp_path / "one" / "sub" / "x.bbl").write_bytes(b"\\begin{thebibliography}{}\\end{thebibliography}")
    many = pack_folder_as_eprint(tmp_path / "one")
    assert detect_kind(many) is BlobKind.TAR_GZ
    assert set(unpack_eprint(many)) == {"paper.tex", "sub/x.bbl"}
    assert read_source_folder(tmp_path / "one") == unpack_eprint(many)


@pytest.mark.parametrize(
    ("member", "message"),
    [
        (("/etc/passwd", b"x"), "absolute"),
        (("../../evil.tex", b"x"), ".."),
        (("a/../../evil.tex", b"x"), ".."),
        (special("link.tex", tarfile.SYMTYPE, "/etc/passwd"), "link"),
        (special("hard.tex", tarfile.LNKTYPE, "a.tex"), "link"),
        (special("dev", tarfile.CHRTYPE), "device"),
        (special("blk", tarfile.BLKTYPE), "device"),
        (special("fifo", tarfile.FIFOTYPE), "fifo"),
    ],
)
def test_unsafe_members_are_refused(member: tarfile.TarInfo | tuple[str, bytes], message: str) -> None:
    data = make_tar([("a.tex", TEX), member])
    with pytest.raises(UnsafeArchive, match=message):
        unpack_eprint(data)


def test_figures_are_checked_but_not_kept(tmp_path: Path) -> None:
    png = b"\x89PNG\r\n" + bytes(range(256)) * 40
    text = {"a.tex": TEX, "fig/plot.tikz": b"\\cite{k}", "README": b"x"}
    data = make_tar([*text.items(), ("fig/plot.PNG", png)])
    assert unpack_eprint(data) == text
    assert set(unpack_eprint(data, keep=lambda _: True)) == {*text, "fig/plot.PNG"}
    with pytest.raises(TooLarge, match="plot.PNG"):
        unpack_eprint(data, UnpackLimits(max_member_bytes=len(png) - 1))
    with pytest.raises(TooLarge, match="more than 2 members"):
        unpack_eprint(data, UnpackLimits(max_members=2))
    with pytest.raises(UnsafeArchive, match="link"):
        unpack_eprint(make_tar([("a.tex", TEX), special("fig.pdf", tarfile.SYMTYPE, "/etc/passwd")]))
    with pytest.raises(UnsafeArchive, match=".."):
        unpack_eprint(make_tar([("a.tex", TEX), ("../fig.png", png)]))
    (tmp_path / "fig.pdf").write_bytes(b"%PDF-1.5")
    (tmp_path / "a.tex").write_bytes(TEX)
    assert set(read_source_folder(tmp_path)) == {"a.tex"}
    with pytest.raises(TooLarge):
        read_source_folder(tmp_path, UnpackLimits(max_members=1))


def test_too_many_members() -> None:
    data = make_tar([(f"f{i}.tex", b"x") for i in range(11)])
    with pytest.raises(TooLarge, match="more than 10 members"):
        unpack_eprint(data, UnpackLimits(max_members=10))


def test_member_too_large() -> None:
    data = make_tar([("big.tex", b"x" * 5000)])
    with pytest.raises(TooLarge, match="big.tex"):
        unpack_eprint(data, UnpackLimits(max_member_bytes=4096))


def test_total_too_large() -> None:
    data = make_tar([(f"f{i}.tex", b"x" * 3000) for i in range(4)])
    with pytest.raises(TooLarge):
        unpack_eprint(data, UnpackLimits(max_total_bytes=10000, max_member_bytes=5000))


def test_gzip_bomb_stops_early() -> None:
    bomb = gzip.compress(b"\0" * (64 << 20))
    assert len(bomb) < 100_000
    with pytest.raises(TooLarge, match="gzip bomb"):
        unpack_eprint(bomb, UnpackLimits(max_total_bytes=1 << 20, max_member_bytes=1 << 20))


def test_corrupt_and_truncated_gzip() -> None:
    good = make_tar([("a.tex", TEX * 50)])
    corrupt = good[:20] + bytes(b ^ 0xFF for b in good[20:60]) + good[60:]
    with pytest.raises(CorruptArchive):
        unpack_eprint(corrupt)
    with pytest.raises(CorruptArchive, match="truncated"):
        unpack_eprint(good[: len(good) // 2])


def test_pdf_is_refused_with_a_clear_message() -> None:
    with pytest.raises(CorruptArchive, match="PDF"):
        unpack_eprint(b"%PDF-1.4\n%\xe2\xe3\n")
    with pytest.raises(CorruptArchive, match="PDF"):
        unpack_eprint(gzip.compress(b"%PDF-1.4\n"))


def test_source_folder_refuses_symlinks(tmp_path: Path) -> None:
    (tmp_path / "a.tex").write_bytes(TEX)
    os.symlink("/etc/passwd", tmp_path / "b.tex")
    with pytest.raises(UnsafeArchive, match="symbolic link"):
        read_source_folder(tmp_path)
