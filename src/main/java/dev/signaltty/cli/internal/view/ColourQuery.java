package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Asking the user's terminal for its colours (ADR 1011): {@code OSC 10 ; ?} and {@code OSC 11 ; ?}, then
 * DA1 ({@code CSI c}) as a sentinel, since every terminal answers DA1 and one that ignores OSC 10/11
 * must not be waited on. The answers ({@code OSC 1x ; rgb:RRRR/GGGG/BBBB} ended by BEL or ST, 1 to 4
 * hex digits a channel, as xterm writes them) become {@code #rrggbb} for {@code pane.attach}; any other
 * byte read meanwhile is a key typed early, kept for the key reader.
 */
public final class ColourQuery {

    /** What the view writes: both queries, then the sentinel. */
    static final String QUERY = "\u001b]10;?\u001b\\\u001b]11;?\u001b\\\u001b[c";
    /** How long the view and attach wait for the answers: ssh and a tmux in between add latency. */
    public static final long TIMEOUT_MS = 300;
    /** The most bytes read while waiting: the answers are well under 100. */
    static final int MAX_BYTES = 4096;

    private static final Pattern COLOUR = Pattern.compile(
            "\u001b\\](1[01]);rgb:([0-9a-fA-F]{1,4})/([0-9a-fA-F]{1,4})/([0-9a-fA-F]{1,4})(?:\u0007|\u001b\\\\)");
    private static final Pattern DA1 = Pattern.compile("\u001b\\[\\?[0-9;]*c");

    /** The colours found ({@code #rrggbb}, null when not answered) and the bytes that were no answer. */
    public record Answer(@Nullable String foreground, @Nullable String background, byte[] rest) {

        static final Answer NONE = new Answer(null, null, new byte[0]);

        /** pane.attach's params for them: only what the terminal answered. */
        public Map<String, String> params() {
            Map<String, String> out = new LinkedHashMap<>();
            if (foreground != null) {
                out.put("foreground", foreground);
            }
            if (background != null) {
                out.put("background", background);
            }
            return out;
        }
    }

    private ColourQuery() {
    }

    /** The DA1 answer has come: nothing more is coming for the queries sent before it. */
    static boolean answered(ByteArrayOutputStream read) {
        return DA1.matcher(read.toString(StandardCharsets.ISO_8859_1)).find();
    }

    /**
     * {@code n} bytes read as keys without any answer to the query in them: a terminal that answers after
     * {@link #TIMEOUT_MS} (a slow ssh link) must not type its answer into a pane. An answer cut across two
     * reads is not recognised.
     */
    public static byte[] withoutAnswers(byte[] buf, int n) {
        return inKeys(buf, n).rest();
    }

    /**
     * The answers among {@code n} bytes read as keys (the view's prefix then {@code r} asks again while its
     * key reader runs, ADR 1130), and the keys without them.
     */
    static Answer inKeys(byte[] buf, int n) {
        for (int i = 0; i < n; i++) {
            if (buf[i] == 0x1b) {
                return scan(Arrays.copyOf(buf, n));
            }
        }
        return new Answer(null, null, Arrays.copyOf(buf, n));
    }

    /** The answers in what was read, and the rest (keys typed meanwhile) in order. */
    static Answer scan(byte[] read) {
        String text = new String(read, StandardCharsets.ISO_8859_1); // one char a byte: the rest is exact
        String foreground = null;
        String background = null;
        Matcher m = COLOUR.matcher(text);
        while (m.find()) {
            String colour = "#" + channel(m.group(2)) + channel(m.group(3)) + channel(m.group(4));
            if (m.group(1).equals("10")) {
                foreground = colour;
            } else {
                background = colour;
            }
        }
        String rest = DA1.matcher(COLOUR.matcher(text).replaceAll("")).replaceAll("");
        return new Answer(foreground, background, rest.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** One channel of 1 to 4 hex digits scaled to two, as xterm's rgb: form means it. */
    private static String channel(String hex) {
        int max = (1 << (4 * hex.length())) - 1;
        int value = (int) Math.round(Integer.parseInt(hex, 16) * 255.0 / max);
        return String.format(Locale.ROOT, "%02x", value);
    }
}
