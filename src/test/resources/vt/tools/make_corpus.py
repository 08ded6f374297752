#!/usr/bin/env python3
"""Writes the differential corpus: <case>/input.bin (bytes exactly as a terminal receives them, so
newlines are CR LF) and <case>/size ("COLSxROWS"). Deterministic; run from this directory:
    python3 tools/make_corpus.py
The expected screens are not stored: VtDifferentialTest asks a real tmux each run."""
import os, random

ESC = "\x1b"
CSI = ESC + "["

def write(name, text, size="80x24"):
    os.makedirs(name, exist_ok=True)
    data = text.encode("utf-8") if isinstance(text, str) else text
    with open(os.path.join(name, "input.bin"), "wb") as f:
        f.write(data)
    with open(os.path.join(name, "size"), "w") as f:
        f.write(size + "\n")

def lines(n, fmt="line %d"):
    return "".join((fmt % i) + "\r\n" for i in range(n))

write("plain-scrolling", lines(200, "output line %d of a long build log"))

bar = ""
for pct in range(0, 101, 5):
    fill = "#" * (pct // 5)
    bar += "\rDownloading [%-20s] %3d%%" % (fill, pct)
write("cr-progress-bar", "npm install\r\n" + bar + "\r\ndone\r\n" + "\r" + "x" * 30 + "\rabc\r\n")

long = "".join("word%03d " % i for i in range(60))
write("long-wrapped-lines",
      long + "\r\n" + "A" * 80 + "\r\n" + "B" * 80 + "C" * 5 + "\r\n" + "D" * 160 + "\r\nend\r\n")

cjk = ("漢字とかなの混在した行です。English mixed 中文字符 한국어 텍스트\r\n"
       "emoji: 😀 🎉 👍 🚀 ✅ ❤ ⭐ done\r\n"
       "combining: e\u0301 a\u0308 n\u0303 cafe\u0301 Z\u0335\u0321alg\u0337o\r\n"
       + "x" * 79 + "漢next\r\n"          # wide char at the last column wraps whole
       + "全角" * 45 + "\r\n"               # 90 wide chars over two+ rows
       + "ｈａｌｆ ｗｉｄｔｈ　ｆｕｌｌ\r\n"
       + "tab\tafter\t漢\tend\r\n")
write("cjk-emoji-combining", cjk)

def commit(h, author, msg, refs=""):
    s = CSI + "33mcommit " + h + CSI + "m"
    if refs:
        s += CSI + "33m (" + CSI + "1;36mHEAD -> " + CSI + "m" + CSI + "1;32mmain" + CSI + "m" + CSI + "33m)" + CSI + "m"
    s += "\r\nAuthor: " + author + "\r\nDate:   Mon Nov 30 03:44:25 2026 +0000\r\n\r\n    " + msg + "\r\n\r\n"
    return s
glog = "".join(commit("%040x" % (i * 7919 + 12345), "Dev %d <dev%d@example.com>" % (i, i),
                      "Change number %d: " % i + "fix things " * (i % 5), "x" if i == 0 else "") for i in range(12))
glog += CSI + "1;31m" + "-removed line" + CSI + "m\r\n" + CSI + "32m+added line" + CSI + "0m\r\n"
glog += CSI + "38;5;208morange" + CSI + "39m " + CSI + "38;2;10;20;30mtruecolor" + CSI + "m " + CSI + "7mreverse" + CSI + "27m\r\n"
write("git-log-color", glog)

cm = (CSI + "2J" + CSI + "H" + "top-left" + CSI + "10;20H" + "at 10,20" + CSI + "5A" + "up5"
      + CSI + "3B" + "down3" + CSI + "15D" + "back15" + CSI + "4C" + "fwd4"
      + CSI + "20G" + "col20" + CSI + "15d" + "row15" + CSI + "2E" + "nextline2" + CSI + "F" + "prevline"
      + ESC + "7" + CSI + "22;60H" + "saved-away" + ESC + "8" + "restored"
      + CSI + "s" + CSI + "1;70H" + "corner" + CSI + "u" + "back"
      + CSI + "24;75H" + "last" + CSI + "H" + CSI + "100;200H" + "clamp" + CSI + "0;0H" + "home"
      + CSI + "12;40f" + "hvp")  # HPR/VPR: tmux 3.3a ignores them (see ADR 0031)
write("cursor-movement", cm)

sr = (lines(24, "row %02d")[:-2] + CSI + "5;15r" + CSI + "15;1H" + "\r\n".join("region %d" % i for i in range(8))
      + CSI + "5;1H" + ESC + "M" + ESC + "M" + "reverse-indexed" + CSI + "2S" + CSI + "1T"
      + CSI + "8;1H" + CSI + "2L" + "inserted" + CSI + "12;1H" + CSI + "M" + "deleted-one"
      + CSI + "?6h" + CSI + "1;1H" + "origin-home" + CSI + "20;1H" + "origin-clamped" + CSI + "?6l"
      + CSI + "r" + CSI + "24;1H" + "\r\nafter reset\r\n")
write("scroll-region", sr)

idl = (CSI + "H" + "0123456789abcdefghij" + CSI + "1;5H" + CSI + "3@" + CSI + "2;1H" + "0123456789abcdefghij"
       + CSI + "2;5H" + CSI + "4P" + CSI + "3;1H" + "0123456789abcdefghij" + CSI + "3;3H" + CSI + "5X"
       + CSI + "4;1H" + "insert mode:" + CSI + "4;1H" + CSI + "4h" + ">>" + CSI + "4l"
       + CSI + "5;1H" + "漢字漢字漢字" + CSI + "5;2H" + CSI + "1P" + CSI + "6;1H" + "漢字漢字" + CSI + "6;3H" + CSI + "1@"
       + CSI + "7;1H" + "a" * 80 + CSI + "7;10H" + CSI + "5@" + CSI + "8;1H" + "b" * 80 + CSI + "8;70H" + CSI + "200P"
       + CSI + "10;1H" + "\r\n".join("line %d" % i for i in range(10)) + CSI + "12;1H" + CSI + "3M" + CSI + "13;1H" + CSI + "2L")
write("insert-delete", idl)

fill = "".join(CSI + "%d;1H" % (y + 1) + chr(ord('a') + y) * 80 for y in range(24))
er = (fill + CSI + "3;10H" + CSI + "K" + CSI + "4;10H" + CSI + "1K" + CSI + "5;10H" + CSI + "2K"
      + CSI + "10;40H" + CSI + "1J" + CSI + "20;40H" + CSI + "J" + CSI + "15;5H" + CSI + "41m" + CSI + "K" + CSI + "m")
write("erase-modes", er)

tabs = ("a\tb\tc\td\r\n" + CSI + "3g" + "x" + CSI + "1;15H" + ESC + "H" + CSI + "1;30H" + ESC + "H"
        + "\r\n\tT1\tT2\tT3\r\n" + CSI + "W" + "1234567890\t" + "tab" + CSI + "Z" + "cbt"
        + "\r\n" + "x" * 78 + "\t\tEND")
write("tab-stops", tabs)

main = lines(10, "$ shell output %d")
vim = CSI + "?1049h" + CSI + "22;1H" + CSI + "H" + CSI + "2J"
for y in range(23):
    vim += CSI + "%d;1H" % (y + 1) + (("%4d " % (y + 1)) + "def function_%d(arg):" % y if y < 15 else CSI + "34m~" + CSI + "m")
vim += CSI + "24;1H" + CSI + "7m" + "\"file.py\" 15L, 300B" + CSI + "27m" + CSI + "24;70H" + "1,1  All" + CSI + "1;6H"
vim += CSI + "5;6H" + CSI + "K" + "edited line" + CSI + "?25l" + CSI + "?25h"
write("vim-alt-screen-active", main + "$ vim file.py\r\n" + vim)
write("vim-alt-screen-exit", main + "$ vim file.py\r\n" + vim + CSI + "?1049l" + "$ after vim\r\n")

less = CSI + "?1049h" + CSI + "?1h" + ESC + "=" + CSI + "H" + CSI + "2J"
for i in range(23):
    less += "less line %d: %s\r\n" % (i, "lorem ipsum " * (i % 4))
less += CSI + "7m" + "file.txt (END)" + CSI + "27m" + CSI + "K"
less += CSI + "H" + ESC + "M" + "scrolled back line" + CSI + "24;1H" + CSI + "K" + ":"
write("less-pager", "$ less file.txt\r\n" + less)
write("less-pager-quit", "$ less file.txt\r\n" + less + "\r" + CSI + "K" + CSI + "?1l" + ESC + ">" + CSI + "?1049l" + "$ \r\n")

top = ""
for frame in range(3):
    top += CSI + "H" + (CSI + "2J" if frame == 0 else "")
    top += "top - 03:4%d:00 up 1 day,  load average: 0.%d0, 0.20, 0.10" % (frame, frame) + CSI + "K\r\n"
    top += "Tasks: %d total" % (100 + frame) + CSI + "K\r\n" + CSI + "K\r\n"
    top += CSI + "7m" + "  PID USER      PR  NI    VIRT    RES  %CPU COMMAND" + " " * 30 + CSI + "m\r\n"
    for p in range(15):
        top += "%5d user      20   0  %6d  %5d  %4.1f proc%d" % (1000 + p, 1000 * p + frame, 50 * p, (p * frame) % 10, p) + CSI + "K\r\n"
    top += CSI + "J"
write("top-frames", top)

htop = CSI + "?1049h" + CSI + "H" + CSI + "2J" + CSI + "3;20r"
for i in range(30):
    htop += CSI + "20;1H" + CSI + "32m" + "proc %d" % i + CSI + "m" + " " + "|" * (i % 40) + "\n"
htop += CSI + "r" + CSI + "1;1H" + CSI + "1;37;44m" + " CPU[||||    20%] " + CSI + "m" + CSI + "2;1H" + "Mem[|||  1G/8G]"
write("htop-region-alt", htop)

write("decaln", ESC + "#8" + CSI + "5;5H" + CSI + "2K" + CSI + "10;10H" + CSI + "1J" + CSI + "20;1H" + "after")

edge = ("A" * 80 + "\r\n" + "B" * 80 + "x\r\n" + "C" * 80 + "\b" + "!\r\n" + "D" * 80 + CSI + "D" + "?\r\n"
        + "E" * 80 + CSI + "K" + "\r\n" + "F" * 80 + "\n" + "G\r\n"
        + CSI + "?7l" + "H" * 100 + "\r\n" + "I" * 79 + "漢" + "\r\n" + CSI + "?7h" + "J" * 79 + "漢" + "\r\n"
        + "K" * 80 + CSI + "10;10H" + "moved\r\n" + "L" * 80 + "\r" + "cr\r\n")
write("wrap-edges", edge)

# Not in this corpus, on purpose (ADR 0031): DEC graphics (tmux's capture-pane prints the raw letters,
# we store the box-drawing characters a terminal shows), CHT/HPR/VPR (tmux 3.3a ignores them) and
# ICH counts reaching the right margin (tmux 3.3a mishandles them). TerminalTest covers those.

write("rep-and-misc", "abc" + CSI + "5b" + "\r\n" + "=" + CSI + "20b" + "\r\n" + "bell\x07ok\r\n"
      + "null\x00byte\r\n" + "del\x7fete\r\n")

write("alt-47-1047", lines(5, "main %d") + CSI + "?47h" + "in 47" + CSI + "?47l" + "back1\r\n"
      + CSI + "?1047h" + "in 1047" + CSI + "?1047l" + "back2\r\n")

write("ind-nel-ri", CSI + "H" + "one" + ESC + "D" + "two" + ESC + "E" + "three" + ESC + "M" + ESC + "M" + "up"
      + CSI + "24;1H" + "bottom" + ESC + "D" + "scrolled" + CSI + "1;1H" + ESC + "M" + "top-ri")

shell = ""
for i in range(30):
    shell += "user@host:~/project$ " + "echo hello %d" % i + "\r\n" + "hello %d\r\n" % i
shell += "user@host:~/project$ typo" + "\b \b" * 2 + "po\r\n" + "bash: tpo: command not found\r\n$ "
write("shell-session", shell)

# cursor-heavy screen updates: OSC titles, DSR queries, and mixed sequences must not disturb the text
write("osc-and-queries", ESC + "]0;my title\x07" + "text" + ESC + "]2;other title" + ESC + "\\" + " more"
      + CSI + "6n" + CSI + "5n" + CSI + "c" + CSI + ">c" + ESC + "P1$r0m" + ESC + "\\" + " after-dcs"
      + ESC + "_apc payload" + ESC + "\\" + " after-apc\r\n" + CSI + "?2004h" + "paste mode" + CSI + "?2004l\r\n")

small = lines(30, "narrow %d") + "a very long line that wraps several times in a narrow pane" * 2
write("small-pane", small, "20x6")

# seeded random mix: a vocabulary of well-formed sequences (no invalid UTF-8: tmux's replacement differs)
rnd = random.Random(3)
vocab = [lambda: "word ", lambda: "漢字", lambda: "😀", lambda: "\r\n", lambda: "\r", lambda: "\t",
         lambda: "\b", lambda: CSI + "%d;%dH" % (rnd.randint(1, 24), rnd.randint(1, 80)),
         lambda: CSI + "%dA" % rnd.randint(1, 5), lambda: CSI + "%dC" % rnd.randint(1, 10),
         lambda: CSI + "K", lambda: CSI + "%dJ" % rnd.randint(0, 1), lambda: CSI + "%d@" % rnd.randint(1, 4),
         lambda: CSI + "%dP" % rnd.randint(1, 4), lambda: CSI + "%dL" % rnd.randint(1, 3),
         lambda: CSI + "%dM" % rnd.randint(1, 3), lambda: CSI + "%dX" % rnd.randint(1, 6),
         lambda: CSI + "3%dm" % rnd.randint(0, 7), lambda: CSI + "m", lambda: ESC + "M", lambda: ESC + "D",
         lambda: "x" * rnd.randint(1, 90)]
for n in range(1, 4):
    write("random-mix-%d" % n, "".join(rnd.choice(vocab)() for _ in range(400)))

# a wider vocabulary: scroll regions, origin mode, save/restore, alt screen, tabs, SGR, combining marks
rnd = random.Random(11)
def region():
    t = rnd.randint(1, 12)
    return CSI + "%d;%dr" % (t, rnd.randint(t + 1, 24))
vocab2 = vocab + [region, lambda: CSI + "r", lambda: CSI + "?6h", lambda: CSI + "?6l", lambda: ESC + "7",
                  lambda: ESC + "8", lambda: CSI + "s", lambda: CSI + "u", lambda: CSI + "?1049h",
                  lambda: CSI + "?1049l", lambda: CSI + "%dS" % rnd.randint(1, 3), lambda: CSI + "%dT" % rnd.randint(1, 3),
                  lambda: CSI + "%dZ" % rnd.randint(1, 2), lambda: ESC + "H", lambda: CSI + "g", lambda: CSI + "3g",
                  lambda: "e\u0301", lambda: "한국", lambda: CSI + "1;4;38;5;%dm" % rnd.randint(0, 255),
                  lambda: CSI + "%dd" % rnd.randint(1, 24), lambda: CSI + "%dG" % rnd.randint(1, 80),
                  lambda: CSI + "%dE" % rnd.randint(1, 3), lambda: CSI + "%dF" % rnd.randint(1, 3),
                  lambda: CSI + "%dB" % rnd.randint(1, 5), lambda: CSI + "%dD" % rnd.randint(1, 10),
                  lambda: ESC + "E", lambda: CSI + "2K", lambda: CSI + "1K", lambda: CSI + "2J",
                  lambda: CSI + "?7l", lambda: CSI + "?7h", lambda: CSI + "4h", lambda: CSI + "4l",
                  lambda: CSI + "%db" % rnd.randint(1, 5), lambda: "\x0b", lambda: "\x0c"]
for n in range(4, 10):
    write("random-mix-%d" % n, "".join(rnd.choice(vocab2)() for _ in range(600)) + CSI + "?7h" + CSI + "4l",
          "80x24" if n < 7 else ("40x10" if n < 9 else "100x30"))
