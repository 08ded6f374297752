package dev.signaltty.vt.internal;

/**
 * A byte-stream parser following Paul Williams' DEC ANSI parser diagram
 * (https://vt100.net/emu/dec_ansi_parser), with the deviations modern terminals make (tmux, vte):
 * the stream is UTF-8, so bytes 0x80–0xFF are text in GROUND rather than C1 controls; ':' separates
 * sub-parameters instead of spoiling a CSI; DEL is ignored; OSC strings also end at BEL (xterm).
 *
 * <p>The parser gives bytes no meaning: it reports to {@link VtActions}. Transitions are data — each
 * state's table maps a byte range to an action and a next state ({@link VtTransitions}) — and
 * {@link #advance} is a short loop over them, with fast paths for runs of printable text (ASCII alone,
 * or mixed with whole UTF-8 sequences) and for whole CSI sequences.
 * UTF-8 sequences may be split across {@code advance} calls; invalid or truncated sequences become
 * U+FFFD. Not thread-safe: one feeder at a time (the terminal serialises).
 */
final class VtParser {

    /** Longest OSC string kept; longer ones are truncated (titles and hyperlinks fit easily). */
    public static final int MAX_OSC = 4096;
    static final int REPLACEMENT = 0xFFFD;
    /** Most code points reported in one {@link VtActions#printText} call; longer text takes several. */
    static final int MAX_TEXT = 1024;

    private final VtActions actions;
    private final VtParams params = new VtParams();
    private final byte[] osc = new byte[MAX_OSC];
    private final int[] text = new int[MAX_TEXT];
    private int textCount;
    private int oscLen;
    private int state = VtTransitions.GROUND;
    private int intermediates;
    private int intermediateCount;
    private boolean ignore;
    // UTF-8 decoder state: bytes still expected, code point so far, smallest valid value (overlong check)
    private int utf8Need;
    private int utf8Cp;
    private int utf8Min;

    public VtParser(VtActions actions) {
        this.actions = actions;
    }

    public void advance(byte[] buf, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end) {
            int b = buf[i] & 0xFF;
            if (state == VtTransitions.GROUND && utf8Need == 0) {
                if (b >= 0x20 && b < 0x7F || b >= 0xC2 && b <= 0xF4) {
                    // text: offered whole to the actions first, so a terminal scans it once (its end is
                    // where the terminal stops: a control, or a sequence it cannot take)
                    int n = actions.printUtf8(buf, i, end);
                    if (n == 0) {
                        n = groundText(buf, i, end);
                    }
                    if (n > 0) {
                        i += n;
                        continue;
                    }
                } else if (b < 0x20 && b != 0x1B) {
                    actions.execute(b); // what the table says for a C0 control in GROUND (CR and LF: every line)
                    i++;
                    continue;
                } else if (b == 0x1B) {
                    int n = wholeCsi(buf, i, end);
                    if (n > 0) {
                        i += n;
                        continue;
                    }
                }
            }
            step(b);
            i++;
        }
    }

    /**
     * Text the actions did not take through {@link VtActions#printUtf8}: a run of printable ASCII up to
     * a control or the end goes to {@link VtActions#printAscii}, anything else through {@link #text} to
     * {@link VtActions#printText}. Returns the bytes reported, 0 when the first byte is not whole,
     * valid text (then {@link #step} owns it).
     */
    private int groundText(byte[] buf, int i, int end) {
        int j = i;
        // signed compare: bytes >= 0x80 are negative, so they end the run too
        while (j < end && buf[j] >= 0x20 && buf[j] != 0x7F) {
            j++;
        }
        if (j > i && (j == end || buf[j] >= 0)) { // ASCII only, up to a control or the end
            actions.printAscii(buf, i, j - i);
            return j - i;
        }
        int n = text(buf, i, end);
        if (n > 0) {
            actions.printText(buf, i, n, text, textCount);
        }
        return n;
    }

    /**
     * The text fast path: printable ASCII and whole, valid UTF-8 sequences from {@code i} on are
     * decoded into {@link #text} (at most {@link #MAX_TEXT}) and the number of bytes they take is
     * returned. It stops before a control, an escape, or a sequence that is invalid, overlong or split
     * across reads: that byte goes through {@link #step}, which gives the same answer for valid text and
     * owns the error handling.
     */
    private int text(byte[] buf, int i, int end) {
        int[] out = text;
        int n = 0;
        int j = i;
        while (j < end && n < MAX_TEXT) {
            int c = buf[j];
            if (c >= 0x20 && c != 0x7F) { // signed: only printable ASCII
                out[n++] = c;
                j++;
                continue;
            }
            int d = c >= 0 ? -1 : Utf8.decode(buf, j, end);
            if (d < 0) {
                break;
            }
            int cp = d >>> 3;
            j += d & 7;
            out[n++] = cp;
        }
        textCount = n;
        return j - i;
    }

    /**
     * The CSI fast path: {@code ESC [}, digits, {@code ;} and {@code :}, then a final byte, all in this
     * buffer (SGR and cursor moves, nearly every sequence a program writes) are dispatched at once and
     * their length returned. Anything else (private markers, intermediates, a control inside, a split
     * across reads) returns 0 and goes byte by byte through the state machine, which resets the
     * parameters on entry and so gives the same answer.
     */
    private int wholeCsi(byte[] buf, int i, int end) {
        int j = i + 2;
        if (j >= end || buf[i + 1] != '[') {
            return 0;
        }
        int c = buf[j];
        if (c < '0' || c > ';') { // no parameters or something unusual first: the state machine decides
            if (c < 0x40 || c > 0x7E) {
                return 0;
            }
        }
        j = params.parse(buf, j, end);
        if (j < 0) {
            return 0;
        }
        c = buf[j];
        if (c < 0x40 || c > 0x7E) {
            return 0;
        }
        intermediates = 0;
        intermediateCount = 0;
        ignore = params.overflowed();
        actions.csiDispatch(params, 0, ignore, c);
        return j + 1 - i;
    }

    /** Between sequences: no escape sequence and no UTF-8 character half read (a transcript checkpoint can split here). */
    boolean atRest() {
        return state == VtTransitions.GROUND && utf8Need == 0;
    }

    /** Current state, for tests and diagnostics. */
    public String stateName() {
        return VtTransitions.NAMES[state];
    }

    private void step(int b) {
        if (utf8Need > 0) {
            if ((b & 0xC0) == 0x80) {
                utf8Continue(b);
                return;
            }
            // the sequence was cut short: replace it, then treat this byte afresh
            utf8Need = 0;
            actions.print(REPLACEMENT);
        }
        int entry = VtTransitions.TABLE[(state << 8) | b];
        int action = entry >>> 8;
        int next = entry & 0xFF;
        if (next != VtTransitions.SAME && next != state) {
            exit(state, b);
            perform(action, b);
            state = next;
            enter(next);
        } else {
            perform(action, b);
        }
    }

    private void exit(int from, int b) {
        if (from == VtTransitions.OSC_STRING && (b == 0x07 || b == 0x1B)) {
            actions.oscDispatch(osc, oscLen, b == 0x07);
        } else if (from == VtTransitions.DCS_PASSTHROUGH) {
            actions.unhook();
        }
    }

    private void enter(int to) {
        switch (to) {
            case VtTransitions.ESCAPE, VtTransitions.CSI_ENTRY, VtTransitions.DCS_ENTRY -> {
                intermediates = 0;
                intermediateCount = 0;
                ignore = false;
                params.clear();
            }
            case VtTransitions.OSC_STRING -> oscLen = 0;
            default -> {
            }
        }
    }

    private void perform(int action, int b) {
        switch (action) {
            case VtTransitions.A_NONE, VtTransitions.A_IGNORE -> {
            }
            case VtTransitions.A_PRINT -> actions.print(b);
            case VtTransitions.A_EXECUTE -> actions.execute(b);
            case VtTransitions.A_COLLECT -> {
                if (++intermediateCount > 2) {
                    ignore = true;
                } else {
                    intermediates = (intermediates << 8) | b;
                }
            }
            case VtTransitions.A_PARAM -> {
                if (b == ';' || b == ':') {
                    if (!params.next(b == ':')) {
                        ignore = true;
                    }
                } else {
                    params.digit(b - '0');
                }
            }
            case VtTransitions.A_ESC_DISPATCH -> actions.escDispatch(intermediates, ignore, b);
            case VtTransitions.A_CSI_DISPATCH -> actions.csiDispatch(params, intermediates, ignore, b);
            case VtTransitions.A_HOOK -> actions.hook(params, intermediates, ignore, b);
            case VtTransitions.A_PUT -> actions.put(b);
            case VtTransitions.A_OSC_PUT -> {
                if (oscLen < MAX_OSC) {
                    osc[oscLen++] = (byte) b;
                }
            }
            case VtTransitions.A_UTF8 -> utf8Start(b);
            default -> throw new IllegalStateException("action " + action);
        }
    }

    private void utf8Start(int b) {
        if (b >= 0xC2 && b <= 0xDF) {
            utf8Need = 1;
            utf8Cp = b & 0x1F;
            utf8Min = 0x80;
        } else if (b >= 0xE0 && b <= 0xEF) {
            utf8Need = 2;
            utf8Cp = b & 0x0F;
            utf8Min = 0x800;
        } else if (b >= 0xF0 && b <= 0xF4) {
            utf8Need = 3;
            utf8Cp = b & 0x07;
            utf8Min = 0x10000;
        } else {
            actions.print(REPLACEMENT); // stray continuation byte, C0/C1 overlong lead, or > U+10FFFF
        }
    }

    private void utf8Continue(int b) {
        utf8Cp = (utf8Cp << 6) | (b & 0x3F);
        if (--utf8Need > 0) {
            return;
        }
        int cp = utf8Cp;
        boolean valid = cp >= utf8Min && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
        actions.print(valid ? cp : REPLACEMENT);
    }
}
