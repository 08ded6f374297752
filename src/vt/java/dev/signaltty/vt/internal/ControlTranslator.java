package dev.signaltty.vt.internal;

import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

/**
 * Gives the parser's raw dispatches their meaning (vte's {@code ansi::Processor}): each C0 control,
 * ESC, CSI, OSC and DCS the terminal knows becomes one named {@link TerminalOperations} call (or
 * {@link EditingOperations}, for in-place edits, or {@link QueryOperations}, for queries), with its parameters read and defaulted here.
 * Behaviour follows xterm (ADR 0170); unknown or malformed sequences are dropped, as terminals do.
 * The controls are the ones docs/terminal.md lists ({@code TerminalControlsDocTest} keeps the two in
 * step). Holds no terminal state beyond a DECRQSS request being collected.
 */
final class ControlTranslator implements VtActions {

    /** Longer DECRQSS requests are not ones we know: the bound keeps a stray DCS from growing a buffer. */
    static final int MAX_STATUS_REQUEST = 8;

    private final TerminalOperations ops;
    private final EditingOperations edit;
    private final QueryOperations ask;
    /** One code point the parser decoded itself (a sequence split across reads), re-encoded. */
    private final byte[] single = new byte[4];
    /** A DECRQSS request ({@code DCS $ q ... ST}) being collected, or null. */
    private @Nullable StringBuilder statusRequest;
    /**
     * Whether text came last, with no control since: REP repeats only a character printed immediately
     * before it (tmux). Kept here, where the controls are seen, so a control costs no call for it.
     */
    private boolean textLast;

    ControlTranslator(TerminalOperations ops, EditingOperations edit, QueryOperations ask) {
        this.ops = ops;
        this.edit = edit;
        this.ask = ask;
    }

    // ---- text: every form the parser reports goes to the one entry point ----

    @Override
    public void print(int codePoint) {
        textLast |= ops.print(single, 0, Utf8.encode(codePoint, single, 0)) > 0;
    }

    @Override
    public void printAscii(byte[] buf, int off, int len) {
        textLast |= ops.print(buf, off, off + len) > 0;
    }

    @Override
    public void printText(byte[] buf, int off, int len, int[] cps, int count) {
        textLast |= ops.print(buf, off, off + len) > 0;
    }

    /**
     * The terminal takes every whole, valid character, so the parser never decodes text itself. A line that
     * ends in CR LF with the next line's text after it (every line of a flood) goes on here (ADR 0691): the
     * two controls through {@link #execute}, as the parser would send them, and the next line to the
     * terminal, without a trip back through the parser's loop for each of the three.
     */
    @Override
    public int printUtf8(byte[] buf, int off, int end) {
        int taken = ops.print(buf, off, end);
        if (taken == 0) {
            return 0;
        }
        textLast = true;
        int i = off + taken;
        while (i + 2 < end && buf[i] == '\r' && buf[i + 1] == '\n' && startsText(buf[i + 2])) {
            execute('\r');
            execute('\n');
            int n = ops.print(buf, i + 2, end);
            i += 2 + n;
            if (n == 0) {
                return i - off; // the parser's from here; a control came last (execute said so)
            }
            textLast = true;
        }
        return i - off;
    }

    /** What the parser would offer to {@link #printUtf8}: printable ASCII or a UTF-8 lead (signed byte). */
    private static boolean startsText(int b) {
        return b >= 0x20 && b != 0x7F || b >= (byte) 0xC2 && b <= (byte) 0xF4;
    }

    // ---- C0 ----

    @Override
    public void execute(int c) {
        textLast = false;
        switch (c) {
            case 0x07 -> ops.bell();
            case 0x08 -> ops.backspace();
            case 0x09 -> ops.tab(1);
            case 0x0A, 0x0B, 0x0C -> ops.lineFeed();
            case 0x0D -> ops.carriageReturn();
            case 0x0E -> ops.invokeCharset(1);
            case 0x0F -> ops.invokeCharset(0);
            default -> {
            }
        }
    }

    // ---- ESC ----

    @Override
    public void escDispatch(int intermediates, boolean ignore, int b) {
        textLast = false;
        if (ignore) {
            return;
        }
        if (intermediates == 0) {
            switch (b) {
                case '7' -> ops.saveCursor();
                case '8' -> ops.restoreCursor();
                case 'D' -> ops.lineFeed(); // IND
                case 'E' -> ops.nextLine();
                case 'H' -> ops.setTabStop();
                case 'N' -> ops.singleShift(2);
                case 'O' -> ops.singleShift(3);
                case 'n' -> ops.invokeCharset(2);
                case 'o' -> ops.invokeCharset(3);
                case 'Z' -> ask.reportPrimaryAttributes(); // DECID
                case 'M' -> ops.reverseIndex();
                case 'c' -> ops.fullReset();
                case '=' -> ops.setKeypadApplicationMode(true);
                case '>' -> ops.setKeypadApplicationMode(false);
                default -> {
                }
            }
        } else if (intermediates == '#' && b == '8') {
            edit.screenAlignmentTest();
        } else if (intermediates >= '(' && intermediates <= '+') {
            ops.designateCharset(intermediates - '(', b); // G0..G3
        }
    }

    // ---- CSI: the final byte, with its private marker or intermediate, names the operation ----

    @Override
    public void csiDispatch(VtParams p, int intermediates, boolean ignore, int f) {
        if (f != 'b') {
            textLast = false; // REP itself is not a control between: REP REP repeats twice
        }
        if (ignore) {
            return;
        }
        switch (intermediates) {
            case 0 -> plain(p, f);
            case '?' -> privateSequence(p, f);
            case '>' -> {
                if (f == 'c' && p.get(0, 0) == 0) {
                    ask.reportSecondaryAttributes();
                } else if (f == 'q' && p.get(0, 0) == 0) {
                    ask.reportVersion(); // XTVERSION
                }
            }
            case '!' -> {
                if (f == 'p') {
                    ops.softReset();
                }
            }
            case ' ' -> {
                switch (f) {
                    case '@' -> edit.scrollLeft(p.get(0, 1));
                    case 'A' -> edit.scrollRight(p.get(0, 1));
                    case 'q' -> ops.setCursorStyle(p.get(0, 0));
                    default -> {
                    }
                }
            }
            case '\'' -> {
                switch (f) {
                    case '}' -> edit.insertColumns(p.get(0, 1));
                    case '~' -> edit.deleteColumns(p.get(0, 1));
                    default -> {
                    }
                }
            }
            case '$' -> {
                if (f == 'p') {
                    ask.reportMode(p.get(0, 0));
                }
            }
            case 0x3F24 -> { // ? $
                if (f == 'p') {
                    ask.reportPrivateMode(p.get(0, 0));
                }
            }
            default -> {
            }
        }
    }

    private void plain(VtParams p, int f) {
        switch (f) {
            case '@' -> edit.insertBlankChars(p.get(0, 1));
            case 'A' -> ops.cursorUp(p.get(0, 1));
            case 'B', 'e' -> ops.cursorDown(p.get(0, 1)); // CUD, VPR
            case 'C', 'a' -> ops.cursorForward(p.get(0, 1)); // CUF, HPR
            case 'D' -> ops.cursorBackward(p.get(0, 1));
            case 'E' -> ops.cursorNextLine(p.get(0, 1));
            case 'F' -> ops.cursorPrecedingLine(p.get(0, 1));
            case 'G', '`' -> ops.setCursorColumn(p.get(0, 1)); // CHA, HPA
            case 'H', 'f' -> ops.setCursorPosition(p.get(0, 1), p.get(1, 1)); // CUP, HVP
            case 'I' -> ops.tab(p.get(0, 1)); // CHT
            case 'J' -> edit.eraseInDisplay(p.get(0, 0));
            case 'K' -> edit.eraseInLine(p.get(0, 0));
            case 'L' -> edit.insertLines(p.get(0, 1));
            case 'M' -> edit.deleteLines(p.get(0, 1));
            case 'P' -> edit.deleteChars(p.get(0, 1));
            case 'S' -> edit.scrollUp(p.get(0, 1));
            case 'T' -> edit.scrollDown(p.get(0, 1));
            case 'X' -> edit.eraseChars(p.get(0, 1));
            case 'Z' -> ops.backTab(p.get(0, 1));
            case 'b' -> {
                if (textLast) {
                    ops.repeatPrecedingCharacter(p.get(0, 1));
                }
            }
            case 'c' -> {
                if (p.get(0, 0) == 0) {
                    ask.reportPrimaryAttributes();
                }
            }
            case 'd' -> ops.setCursorRow(p.get(0, 1)); // VPA
            case 'g' -> ops.clearTabStops(p.get(0, 0));
            case 'h', 'l' -> {
                for (int i = 0; i < Math.max(1, p.size()); i++) {
                    if (f == 'h') {
                        ops.setMode(p.raw(i));
                    } else {
                        ops.resetMode(p.raw(i));
                    }
                }
            }
            case 'm' -> ops.setGraphicRendition(p);
            case 'n' -> deviceStatusReport(p.get(0, 0), false);
            case 'r' -> ops.setScrollRegion(p.get(0, 1), p.get(1, Integer.MAX_VALUE));
            case 's' -> ops.saveCursor();
            case 'u' -> ops.restoreCursor();
            default -> {
            }
        }
    }

    private void privateSequence(VtParams p, int f) {
        if (f == 'n') {
            deviceStatusReport(p.get(0, 0), true);
            return;
        }
        if (f != 'h' && f != 'l') {
            return;
        }
        for (int i = 0; i < Math.max(1, p.size()); i++) {
            if (f == 'h') {
                ops.setPrivateMode(p.raw(i));
            } else {
                ops.resetPrivateMode(p.raw(i));
            }
        }
    }

    /** DSR 5 and 6; {@code CSI ? 6 n} is DECXCPR, and only 6 has a private form. */
    private void deviceStatusReport(int mode, boolean isPrivate) {
        if (mode == 5 && !isPrivate) {
            ask.reportStatus();
        } else if (mode == 6) {
            ask.reportCursorPosition(isPrivate);
        }
    }

    // ---- OSC, DCS ----

    @Override
    public void oscDispatch(byte[] data, int len, boolean bellTerminated) {
        int semi = 0;
        int code = 0;
        while (semi < len && data[semi] >= '0' && data[semi] <= '9') {
            code = Math.min(10000, code * 10 + data[semi] - '0');
            semi++;
        }
        if (semi == 0 || semi >= len || data[semi] != ';') {
            return;
        }
        if (code == 133) {
            ops.shellIntegrationMark(data, semi + 1, len);
        } else if (code == 9) {
            if (DesktopNotifications.isConEmu(data, semi + 1, len)) {
                ops.reportProgress(data, semi + 1, len);
            } else {
                ops.desktopNotification(9, data, semi + 1, len);
            }
        } else if (code == 777 || code == 99) {
            ops.desktopNotification(code, data, semi + 1, len);
        } else if (code == 7501) {
            ops.reportState(data, semi + 1, len);
        } else if (code == 0 || code == 2) {
            ops.setTitle(new String(data, semi + 1, len - semi - 1, StandardCharsets.UTF_8));
        } else if (code == 10 || code == 11) {
            if (len == semi + 2 && data[semi + 1] == '?') {
                ask.reportColor(code, 0, bellTerminated);
            }
        } else if (code == 4) {
            paletteQueries(data, semi + 1, len, bellTerminated);
        }
    }

    /**
     * OSC 4's {@code index;spec} pairs: each {@code ?} spec is a query, answered one by one (xterm); a
     * colour given to set is dropped (colours are the viewer's to draw).
     */
    private void paletteQueries(byte[] data, int from, int len, boolean bellTerminated) {
        String[] parts = new String(data, from, len - from, StandardCharsets.US_ASCII).split(";", -1);
        for (int i = 0; i + 1 < parts.length; i += 2) {
            if (parts[i + 1].equals("?") && parts[i].matches("\\d{1,3}") && Integer.parseInt(parts[i]) < 256) {
                ask.reportColor(4, Integer.parseInt(parts[i]), bellTerminated);
            }
        }
    }

    /** DECRQSS ({@code DCS $ q Pt ST}) is the one DCS with a meaning here; the rest are dropped. */
    @Override
    public void hook(VtParams params, int intermediates, boolean ignore, int finalByte) {
        textLast = false;
        statusRequest = !ignore && intermediates == '$' && finalByte == 'q' ? new StringBuilder() : null;
    }

    @Override
    public void put(int b) {
        if (statusRequest != null && statusRequest.length() < MAX_STATUS_REQUEST) {
            statusRequest.append((char) b);
        }
    }

    @Override
    public void unhook() {
        if (statusRequest != null) {
            ask.reportStatusString(statusRequest.toString());
            statusRequest = null;
        }
    }
}
