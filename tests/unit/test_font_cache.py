"""Parsed TrueType faces kept between runs (designer/export/font_cache.py): a font from the cache is the font
reportlab parses, a print made with it has the same bytes, and a cache that is missing, broken, stale or
unwritable only costs the parse again."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFError, TTFNameBytes, TTFont, TTFontFile

from designer.export import font_cache, fonts
from designer.export.cards import write_cards_pdf
from designer.export.font_cache import load_ttfont
from designer.rules import load_ruleset

FACES = fonts.find_fonts()
pytestmark = pytest.mark.skipif(FACES is None, reason="DejaVu Sans is not installed")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(font_cache.CACHE_ENV, str(folder))
    return folder


@pytest.fixture
def font_file(tmp_path) -> Path:
    copy = tmp_path / "fonts" / "DejaVuSans.ttf"
    copy.parent.mkdir()
    shutil.copyfile(FACES.regular, copy)
    return copy


def _entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("*.face")) if cache.exists() else []


def _same_font(cached: TTFont, parsed: TTFont) -> None:
    ours, theirs = vars(cached.face), vars(parsed.face)
    assert ours.keys() == theirs.keys()
    for name, value in theirs.items():
        if name == "_pdfScale":
            assert [ours[name](v) for v in (0, 1, 1234.5, -17)] == [value(v) for v in (0, 1, 1234.5, -17)]
            continue
        assert type(ours[name]) is type(value) and ours[name] == value, name
        if isinstance(value, TTFNameBytes):
            assert ours[name].ustr == value.ustr, name
    plain = ("fontName", "_asciiReadable", "_shapable", "_multiByte", "_dynamicFont")
    assert {k: getattr(cached, k) for k in plain} == {k: getattr(parsed, k) for k in plain}
    assert vars(cached).keys() == vars(parsed).keys()
    assert vars(cached.encoding) == vars(parsed.encoding) and len(cached.state) == 0


def test_the_first_load_parses_and_keeps_it_the_second_reads_it_back(cache, font_file, monkeypatch):
    first = load_ttfont("T-first", font_file)
    assert len(_entries(cache)) == 1
    with monkeypatch.context() as patch:  # the second load must not parse
        patch.setattr(TTFontFile, "extractInfo", lambda *a, **k: pytest.fail("parsed again"))
        second = load_ttfont("T-second", font_file)
    assert second.face is not first.face and len(_entries(cache)) == 1
    _same_font(second, TTFont("T-second", str(font_file)))
    assert second.stringWidth("Zoë ŁÓDŹ Ωμέγα", 10) == TTFont("T-x", str(font_file)).stringWidth("Zoë ŁÓDŹ Ωμέγα", 10)


def _deck(tmp_path: Path, name: str) -> bytes:
    fonts.reset()
    out = tmp_path / name
    write_cards_pdf(out, load_ruleset("mk-gaslands"))
    return out.read_bytes()


def test_a_deck_printed_from_the_cache_has_the_same_bytes(cache, tmp_path):
    try:
        cold = _deck(tmp_path, "cold.pdf")
        assert len(_entries(cache)) == (1 if FACES.bold == FACES.regular else 2)
        warm = _deck(tmp_path, "warm.pdf")
    finally:
        fonts.reset()
    assert warm == cold and b"/FontFile2" in warm  # the subset embedded from the file's bytes, as before


@pytest.mark.parametrize("damage", [b"", b"not JSON at all", b"\xe3\x00\x00", "truncated", "other font"])
def test_a_broken_entry_is_parsed_again_and_replaced(cache, font_file, damage):
    load_ttfont("T", font_file)
    entry, = _entries(cache)
    good = entry.read_bytes()
    if damage == "truncated":
        entry.write_bytes(good[: len(good) // 2])
    elif damage == "other font":  # a well-formed entry whose key is another font's
        other = font_file.with_name("Other.ttf")
        shutil.copyfile(font_file, other)
        load_ttfont("O", other)
        entry.write_bytes(next(p for p in _entries(cache) if p != entry).read_bytes())
    else:
        entry.write_bytes(damage)
    _same_font(load_ttfont("T", font_file), TTFont("T", str(font_file)))
    assert entry.read_bytes() == good  # written again after the parse


def test_a_changed_font_file_is_not_served_from_the_old_entry(cache, font_file):
    load_ttfont("T", font_file)
    stamp = font_file.stat().st_mtime_ns
    os.utime(font_file, ns=(stamp + 5_000_000_000, stamp + 5_000_000_000))
    load_ttfont("T", font_file)
    assert len(_entries(cache)) == 2  # a new key: size and modification time are part of it
    # another font put in its place, padded to the same size and given the same dates: only the inode and the
    # change time tell them apart
    bold = fonts.find_fonts().bold.read_bytes()
    before = font_file.stat()
    if len(bold) > before.st_size:
        pytest.skip("needs a bold face no larger than the regular")
    replacement = font_file.with_name("new.ttf")
    replacement.write_bytes(bold + bytes(before.st_size - len(bold)))
    os.utime(replacement, ns=(before.st_atime_ns, before.st_mtime_ns))
    os.replace(replacement, font_file)
    assert font_file.stat().st_size == before.st_size and font_file.stat().st_mtime_ns == before.st_mtime_ns
    served = load_ttfont("T", font_file)
    assert len(_entries(cache)) == 3
    assert served.face.name == TTFont("T", str(font_file)).face.name == b"DejaVuSans-Bold"


def test_without_a_writable_cache_the_font_still_loads(tmp_path, monkeypatch, font_file):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(font_cache.CACHE_ENV, str(blocker / "cache"))
    _same_font(load_ttfont("T", font_file), TTFont("T", str(font_file)))
    assert blocker.read_text() == "not a folder"


def test_a_file_that_is_no_font_raises_as_reportlab_does_and_leaves_no_entry(cache, tmp_path):
    bogus = tmp_path / "bogus.ttf"
    bogus.write_bytes(b"hello world, not a font at all")
    with pytest.raises(TTFError):
        load_ttfont("B", bogus)
    assert _entries(cache) == []
    with pytest.raises(TTFError):
        load_ttfont("M", tmp_path / "missing.ttf")


def test_no_temporary_file_is_left_behind(cache, font_file):
    load_ttfont("T", font_file)
    assert [p.name for p in cache.iterdir()] == [e.name for e in _entries(cache)]


@pytest.mark.parametrize("swap", ["fifo", "device", "folder"])
def test_an_entry_swapped_for_a_fifo_a_device_or_a_folder_neither_blocks_nor_breaks(cache, font_file, swap):
    load_ttfont("T", font_file)
    entry, = _entries(cache)
    entry.unlink()
    if swap == "fifo":
        os.mkfifo(entry)
    elif swap == "device":
        entry.symlink_to("/dev/zero")  # endless
    else:
        entry.mkdir()
    # in a fresh process with a time limit: a read that blocks would otherwise stop the whole run
    code = (f"from designer.export.font_cache import load_ttfont\n"
            f"print(load_ttfont('T', {str(font_file)!r}).face.name.decode())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, font_cache.CACHE_ENV: str(cache)})
    assert done.returncode == 0 and done.stdout.strip() == "DejaVuSans", done.stderr
    if swap != "folder":  # the parse put a good entry back in its place
        assert entry.is_file() and not entry.is_symlink()


@pytest.mark.parametrize("globs", [[], ["Kartographer-*"]])
def test_shaping_is_decided_as_reportlab_decides_it(cache, font_file, monkeypatch, globs):
    from reportlab.pdfbase import ttfonts

    monkeypatch.setattr(ttfonts, "uharfbuzz", object())  # as if the shaping library were installed
    monkeypatch.setattr(ttfonts, "unShapedFontGlob", globs)
    load_ttfont("Kartographer-Sans", font_file)
    cached = load_ttfont("Kartographer-Sans", font_file)
    assert cached._shapable == TTFont("Kartographer-Sans", str(font_file))._shapable == (not globs)


def test_a_reportlab_whose_ttfont_holds_more_than_the_cache_sets_gets_the_parse(cache, font_file, monkeypatch):
    load_ttfont("T", font_file)  # the entry records what TTFont holds here
    original = TTFont.__init__

    def with_more(self, *args, **kwargs):  # as if a later reportlab set one more attribute
        original(self, *args, **kwargs)
        self.extra = 1

    monkeypatch.setattr(TTFont, "__init__", with_more)
    for entry in _entries(cache):
        entry.unlink()
    load_ttfont("T", font_file)  # written again, recording `extra`
    font = load_ttfont("T", font_file)
    assert font.extra == 1  # the cache's own build lacks it, so the font was parsed


def _in_a_subprocess(code: str, cache: Path, address_space: int = 3 << 30) -> subprocess.CompletedProcess:
    """`code` run in a fresh process whose memory is capped: a bomb ends it with MemoryError, not the machine."""
    limit = (f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({address_space}, {address_space}))\n")
    return subprocess.run([sys.executable, "-c", limit + code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, font_cache.CACHE_ENV: str(cache)})


def test_an_entry_crafted_to_eat_memory_is_not_read(cache, font_file):
    """`marshal` (the old format) allocates what an entry's header claims: 2**30 list items, 8 GB."""
    load_ttfont("T", font_file)
    entry, = _entries(cache)
    entry.write_bytes(b"[" + (2**30).to_bytes(4, "little"))
    done = _in_a_subprocess(f"from designer.export.font_cache import load_ttfont\n"
                            f"print(load_ttfont('T', {str(font_file)!r}).face.name.decode())", cache)
    assert done.returncode == 0 and done.stdout.strip() == "DejaVuSans", done.stderr


def test_a_huge_sparse_font_file_is_refused_before_it_is_read(cache, tmp_path):
    folder = tmp_path / "huge"
    folder.mkdir()
    with open(folder / fonts.REGULAR_FILE, "wb") as sparse:
        sparse.truncate(2 << 30)  # 2 GiB of nothing, taking no disk
    code = (f"from designer.export import font_cache, fonts\n"
            f"from reportlab.pdfbase.ttfonts import TTFError\n"
            f"try:\n    font_cache.load_ttfont('T', {str(folder / fonts.REGULAR_FILE)!r})\n"
            f"except TTFError as exc:\n    print('refused:', exc)\n")
    done = _in_a_subprocess(code, cache, address_space=2 << 30)
    assert done.returncode == 0 and done.stdout.startswith("refused:") and "too large" in done.stdout, done.stderr
    assert _entries(cache) == []


def _doctored(change):
    """A parse whose face is changed by `change`, as a crafted entry would be read back."""
    original = TTFont.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        change(self.face)

    return init


ODD_FACES = {
    "unitsPerEm 0": lambda face: setattr(face, "unitsPerEm", 0),
    "no metrics": lambda face: setattr(face, "hmetrics", []),
    "no widths": lambda face: setattr(face, "charWidths", {}),
    "widths of text": lambda face: setattr(face, "charWidths", dict.fromkeys(face.charWidths, "wide")),
    "glyph numbers of text": lambda face: setattr(face, "charToGlyph", dict.fromkeys(face.charToGlyph, "g")),
    "glyph beyond the count": lambda face: face.charToGlyph.update({65: face.numGlyphs + 5}),
    "no glyph offsets": lambda face: setattr(face, "glyphPos", []),
    "table beyond the file": lambda face: face.table["glyf"].update(offset=10**9),
}


@pytest.mark.parametrize("change", ODD_FACES.values(), ids=ODD_FACES.keys())
def test_an_entry_with_odd_values_is_parsed_again_never_fatal(cache, font_file, monkeypatch, tmp_path, change):
    with monkeypatch.context() as patch:  # the entry is written from a doctored face
        patch.setattr(TTFont, "__init__", _doctored(change))
        font_cache._write(font_cache._key(font_file), TTFont("T", str(font_file)))
    _same_font(load_ttfont("T", font_file), TTFont("T", str(font_file)))
    assert _entries(cache)  # a good entry in its place


def _json_entry(cache: Path) -> tuple[Path, dict]:
    import json

    entry, = _entries(cache)
    return entry, json.loads(entry.read_bytes())


CRAFTED = {
    "unitsPerEm 0": lambda face: face.update(unitsPerEm=0),
    "glyph count 0": lambda face: face.update(numGlyphs=0),
    "NaN width": lambda face: face.update(defaultWidth=float("nan")),
    "huge number": lambda face: face.update(ascent=1e300),
    "bool for int": lambda face: face.update(bold=True),
    "missing attribute": lambda face: face.pop("charWidths"),
    "extra attribute": lambda face: face.update(evil=1),
    "empty metrics": lambda face: face.update(hmetrics=[[], []]),
    "widths of text": lambda face: face.update(charWidths=[face["charWidths"][0], ["wide"]]),
    "bad base64": lambda face: face.update(glyphPos={"i": "***"}),
    "glyph offsets out of order": lambda face: face.update(glyphPos=list(range(face["numGlyphs"], -1, -1))),
    "keys and values of different lengths": lambda face: face.update(charToGlyph=[[32, 33], [3]]),
    "deep nesting": lambda face: face.update(glyphNames=[[[[[[]]]]]]),
}


@pytest.mark.parametrize("change", CRAFTED.values(), ids=CRAFTED.keys())
def test_a_crafted_json_entry_is_parsed_again(cache, font_file, monkeypatch, change):
    import json

    load_ttfont("T", font_file)
    entry, stored = _json_entry(cache)
    change(stored["face"])
    entry.write_text(json.dumps(stored), encoding="utf-8")
    parses = []
    real = TTFontFile.extractInfo
    monkeypatch.setattr(TTFontFile, "extractInfo", lambda self, *a, **k: parses.append(1) or real(self, *a, **k))
    _same_font(load_ttfont("T", font_file), TTFont("T", str(font_file)))
    assert len(parses) == 2  # ours and the reference's


@pytest.mark.parametrize("blob", [b"[" * 1_000_000, b"[" + b"[]," * 600_000 + b"[]]", b"{" + b'"a":1,' * 300_000])
def test_a_json_bomb_in_the_entry_costs_little(cache, font_file, blob):
    load_ttfont("T", font_file)
    entry, = _entries(cache)
    entry.write_bytes(blob)
    code = (f"import resource\nfrom designer.export.font_cache import load_ttfont\n"
            f"before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
            f"load_ttfont('T', {str(font_file)!r})\n"
            f"print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)")
    done = _in_a_subprocess(code, cache)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) < 150_000  # kB: the entry is bounded at 2 MB
