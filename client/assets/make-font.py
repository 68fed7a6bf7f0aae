#!/usr/bin/env python3
"""Build client/assets/NotoSerifCJKjp-Bold-subset.otf, the font the client embeds.

It is a subset of Noto Serif CJK JP Bold (SIL OFL 1.1, see OFL.txt) from Debian's
`fonts-noto-cjk` package, made with fontTools' subsetter. The glyph set is listed in
`characters()` below, plus every character of `extra-glyphs.txt` beside this script:
translators add the characters their strings need there and rerun the script.

Needs (Debian):  apt-get install fonts-noto-cjk fonttools
Run:             /usr/bin/python3 client/assets/make-font.py
  (any python3 that can `import fontTools` works: `pip install fonttools` is fine too)
Options:         --source PATH   another .ttc/.otf (default: the Debian Bold .ttc)
                 --font-number N face inside a .ttc (default 0 = JP)
                 --check         only report characters the source font lacks

The output keeps the CFF (PostScript) outlines: fontdue, the rasteriser macroquad uses,
reads them through ttf-parser, and CFF is smaller than TrueType outlines here. Layout
tables (GSUB/GPOS), hinting and vertical metrics are dropped: macroquad does no shaping.
The output is byte-for-byte reproducible from the same source font and fontTools.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc"
OUTPUT = os.path.join(HERE, "NotoSerifCJKjp-Bold-subset.otf")
EXTRA = os.path.join(HERE, "extra-glyphs.txt")

# Every shogi kanji: pieces (one- and two-kanji styles), promoted pieces, and the
# words of move notation (KIF/KI2 relative moves, drops, promotions).
SHOGI = "玉王飛角金銀桂香歩龍馬全圭杏と竜成不打同右左直上引寄一二三四五六七八九十将車行兵"

# Symbols the UI and records use beyond the ranges below.
SYMBOLS = "↑→↓←↔↕⇒⇐▲△▼▽☖☗○●◎◯★☆■□◆◇✓♪•◀▶"


def euc_range(codec, first, last):
    """Characters of a two-byte EUC code range (rows first[0]..last[0], cells A1..FE)."""
    out = []
    for hi in range(first >> 8, (last >> 8) + 1):
        for lo in range(0xA1, 0xFF):
            code = (hi << 8) | lo
            if code < first or code > last:
                continue
            try:
                out.append(bytes([hi, lo]).decode(codec))
            except UnicodeDecodeError:
                pass  # unassigned cell
    return out


def characters():
    chars = set()

    def span(a, b):
        chars.update(chr(c) for c in range(a, b + 1))

    span(0x20, 0x7E)  # ASCII
    span(0xA0, 0xFF)  # Latin-1 supplement
    span(0x2000, 0x206F)  # general punctuation
    span(0x3000, 0x303F)  # CJK symbols and punctuation
    span(0x3040, 0x309F)  # hiragana
    span(0x30A0, 0x30FF)  # katakana
    span(0x3131, 0x318E)  # Hangul compatibility jamo (ㅋ, ㅠ ... in Korean text)
    span(0xFF01, 0xFF5E)  # full-width ASCII: digits, letters, punctuation
    chars.update(euc_range("euc_jp", 0xB0A1, 0xCFD3))  # JIS X 0208 level-1 kanji
    chars.update(euc_range("euc_kr", 0xB0A1, 0xC8FE))  # KS X 1001 Hangul syllables
    chars.update(named_characters())
    return chars


def named_characters():
    """The characters listed one by one: shogi kanji, symbols and extra-glyphs.txt."""
    chars = set(SHOGI) | set(SYMBOLS)
    if os.path.exists(EXTRA):
        with open(EXTRA, encoding="utf-8") as f:
            for line in f:
                if line.lstrip().startswith("#"):
                    continue  # a comment line
                chars.update(c for c in line if not c.isspace())
    return chars


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default=DEFAULT_SOURCE)
    ap.add_argument("--font-number", type=int, default=0)
    ap.add_argument("--output", default=OUTPUT)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()

    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        sys.exit("fontTools is missing: apt-get install fonttools (then use /usr/bin/python3) "
                 "or pip install fonttools")

    wanted = characters()
    font = TTFont(args.source, fontNumber=args.font_number, recalcTimestamp=False,
                  lazy=False)
    cmap = font.getBestCmap()
    # Only characters named one by one are worth a warning: the ranges have unassigned
    # code points (U+3040, U+2065...) that no font has.
    missing = sorted(c for c in named_characters() if ord(c) not in cmap)
    if missing:
        print(f"warning: the source font lacks {len(missing)} characters: "
              + " ".join(f"U+{ord(c):04X}{c}" for c in missing), file=sys.stderr)
    if args.check:
        return

    options = subset.Options()
    options.layout_features = []  # macroquad does no shaping: drop GSUB/GPOS
    options.layout_closure = False
    options.hinting = False
    options.desubroutinize = False  # subroutines keep the raw file small
    options.notdef_outline = True
    options.name_IDs = ["*"]  # keep copyright and licence strings
    options.name_languages = ["*"]
    options.drop_tables += ["BASE", "VORG", "vhea", "vmtx", "GDEF", "GSUB", "GPOS", "DSIG"]
    # Variation-sequence mappings (cmap format 14) would pull in ~800 variant glyphs
    # that macroquad can never draw.
    font["cmap"].tables = [t for t in font["cmap"].tables if t.format != 14]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in wanted])
    subsetter.subset(font)
    font.save(args.output)

    kept = len(font.getBestCmap())
    size = os.path.getsize(args.output)
    print(f"{os.path.relpath(args.output)}: {kept} characters, "
          f"{font['maxp'].numGlyphs} glyphs, {size} bytes ({size / 1024 / 1024:.2f} MiB)")


if __name__ == "__main__":
    main()
