#!/usr/bin/env python3
"""Writes xterm/<case>/input.bin and size: short streams, each probing one behaviour where xterm is the
reference (issue 21, ADR 0170). tools/xterm_screen.sh xterm/*/ then records what real xterm shows
(xterm.screen, xterm.cursor); XtermBehaviourTest requires the same from us. Run from this directory."""
import os

ESC = "\x1b"
CSI = ESC + "["

def write(name, text, size="10x5"):
    d = os.path.join("xterm", name)
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "input.bin"), "wb").write(text.encode("utf-8"))
    open(os.path.join(d, "size"), "w").write(size + "\n")

# 1. pending wrap: "top", a full row of A (the flag is set), a control, then z: z either wraps to the next
#    row (the control kept the flag) or lands where the control left the cursor
full = "top\r\n" + "A" * 10
controls = {
    "cr": "\r", "bs": "\b", "cub": CSI + "D", "cuf": CSI + "C", "cuu": CSI + "A", "cud": CSI + "B",
    "cup": CSI + "2;10H", "cha": CSI + "10G", "hpr": CSI + "a", "vpa": CSI + "3d", "vpr": CSI + "e",
    "cnl": CSI + "E", "lf": "\n", "vt": "\x0b", "ff": "\x0c", "ind": ESC + "D", "nel": ESC + "E",
    "ri": ESC + "M", "ht": "\t", "cht": CSI + "I", "il": CSI + "L", "dl": CSI + "M", "ich": CSI + "@",
    "dch": CSI + "P", "ech": CSI + "X", "ed": CSI + "J", "el": CSI + "K", "el1": CSI + "1K",
    "tbc": CSI + "g", "hts": ESC + "H", "decstbm": CSI + "r", "sgr": CSI + "1m", "su": CSI + "S",
    "sd": CSI + "T", "sl": CSI + " @", "decic": CSI + "'}",
    "decsc-decrc": ESC + "7" + CSI + "H" + ESC + "8", "scosc-scorc": CSI + "s" + CSI + "H" + CSI + "u",
}
for name, control in controls.items():
    write("wrap-" + name, full + control + "z")

# 2. DECSC/DECRC and 1049
write("decsc-per-screen", "m" + CSI + "2;2H" + CSI + "?1049h" + CSI + "4;4H" + ESC + "7" + CSI + "?1049l" + ESC + "8" + "z")
write("decsc-shared-with-1049", "m" + CSI + "3;3H" + ESC + "7" + CSI + "1;1H" + CSI + "?1049h" + CSI + "?1049l" + ESC + "8" + "z")
write("1049l-restores-outside-alt", "m" + CSI + "2;5H" + CSI + "?1049h" + CSI + "?1049l" + CSI + "4;4H" + CSI + "?1049l" + "z")
write("1049l-restores-charset", CSI + "?1049h" + ESC + "(0" + "q" + CSI + "?1049l" + "q")
write("1047l-keeps-charset", CSI + "?1047h" + ESC + "(0" + CSI + "?1047l" + "q")
write("decrc-restores-g0", ESC + "(0" + ESC + "7" + ESC + "(B" + "q" + ESC + "8" + "q")
write("decrc-restores-shift", ESC + ")0" + "\x0e" + ESC + "7" + "\x0f" + "q" + ESC + "8" + "q")
write("decrc-restores-g2-g3", ESC + "*0" + ESC + "+0" + ESC + "n" + ESC + "7" + ESC + "*B" + "\x0f" + ESC + "8" + "q" + ESC + "o" + "q")
write("single-shift-ss2", ESC + "*0" + "q" + ESC + "N" + "qq")
write("decrc-restores-origin", CSI + "2;4r" + CSI + "?6h" + ESC + "7" + CSI + "?6l" + ESC + "8" + CSI + "1;1Hz")

# 3. controls and their edges
base = "ABCDEFGHIJ\r\nKLMNOPQRST\r\nUVWXYZabcd\r\nefghijklmn"
write("sl-region", base + CSI + "2;3r" + CSI + "3;5H" + CSI + "2 @z")
write("sr-region", base + CSI + "2;3r" + CSI + "3;5H" + CSI + "2 Az")
write("sl-default-whole-screen", base + CSI + " @")
write("decic-region", base + CSI + "2;3r" + CSI + "3;5H" + CSI + "2'}z")
write("decdc-region", base + CSI + "2;3r" + CSI + "3;5H" + CSI + "2'~z")
write("decic-outside-region", base + CSI + "2;3r" + CSI + "4;5H" + CSI + "2'}z")
write("decdc-outside-region", base + CSI + "2;3r" + CSI + "1;5H" + CSI + "2'~z")
write("rep-after-control", "a\r\n" + CSI + "3b")
write("rep-wide", "漢" + CSI + "2b", "20x5")
write("rep-wraps", "abcdefgh" + CSI + "5b")
write("rep-after-sgr", "a" + CSI + "1m" + CSI + "3b")
write("rep-combined", "e\u0301" + CSI + "2b")
write("ich-past-margin", "ABCDEFGHIJ" + CSI + "1;4H" + CSI + "20@")
write("ich-on-wide-tail", "AB漢CDEFG" + CSI + "1;4H" + CSI + "1@")
write("dch-on-wide-tail", "AB漢CDEF" + CSI + "1;4H" + CSI + "1P")
write("el-on-wide-head", "漢字" + CSI + "1;1H" + CSI + "1K")
write("cht-past-last-stop", CSI + "9Iz", "30x5")
write("cbt-past-first-stop", "\tabc" + CSI + "9Zz", "30x5")
write("irm-at-right-margin", "A" * 10 + "\r" + CSI + "4hxy")
write("irm-wraps-at-last-column", "A" * 9 + CSI + "4hxyz")
write("bs-no-reverse-wrap", "A" * 10 + "B\r\bz")
write("il-outside-region", "1\r\n2\r\n3\r\n4\r\n5" + CSI + "2;3r" + CSI + "5;3H" + CSI + "Lz")
write("dl-outside-region", "1\r\n2\r\n3\r\n4\r\n5" + CSI + "2;3r" + CSI + "5;3H" + CSI + "Mz")
write("il-goes-to-column-0", "1\r\n2\r\n3" + CSI + "2;3H" + CSI + "Lz")

# 4. margins and origin mode
write("vpr-below-region", "1" + CSI + "2;3r" + CSI + "4;1H" + CSI + "9ez")
write("cud-below-region", "1" + CSI + "2;3r" + CSI + "4;1H" + CSI + "9Bz")
write("cnl-below-region", "1" + CSI + "2;3r" + CSI + "4;3H" + CSI + "9Ez")
write("cud-above-region", "1" + CSI + "3;4r" + CSI + "1;1H" + CSI + "9Bz")
write("cuu-above-region", "1" + CSI + "3;4r" + CSI + "2;1H" + CSI + "9Az")
write("decstbm-homes-in-origin-mode", CSI + "?6h" + CSI + "3;4r" + "z")
write("decaln-resets-margins-and-homes", CSI + "2;3r" + CSI + "2;2H" + ESC + "#8" + "z" + CSI + "5;1Hy")

# resets
write("ris-resets", CSI + "2;3r" + CSI + "?6h" + ESC + "(0" + CSI + "1m" + "q" + ESC + "c" + "q" + CSI + "3;1Hz")
write("decstr-soft-reset", "abc" + CSI + "2;3r" + CSI + "?6h" + ESC + "(0" + CSI + "4h" + CSI + "!p" + CSI + "3;1Hq" + "\r" + "xy")
