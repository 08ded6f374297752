package dev.signaltty.vt.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.TerminalListener;

/**
 * The three desktop-notification sequences programs send their terminal (docs/terminal.md), turned into
 * {@link TerminalListener#notification} calls:
 * <ul>
 *   <li>{@code OSC 9 ; body} (iTerm2). A payload that starts with a number and {@code ;} (or is only a
 *       number) is one of ConEmu's {@code OSC 9 ; N ; …} commands instead: {@code 9;4} is progress
 *       ({@link Progress}), the others are dropped, as Ghostty and Windows Terminal tell them apart.</li>
 *   <li>{@code OSC 777 ; notify ; title ; body} (urxvt's perl extension, foot, Ghostty); other 777
 *       commands are dropped.</li>
 *   <li>{@code OSC 99 ; key=value:… ; payload} (kitty): {@code p=title} (the default) or {@code p=body}
 *       chunks, base64 when {@code e=1}, held until a chunk without {@code d=0}; chunks with another
 *       {@code i} start over; {@code p=?} (kitty's query) is answered with what is supported
 *       ({@link #KITTY_SUPPORT}); {@code p=close} and the other kinds are dropped.</li>
 * </ul>
 * A kitty notification being assembled is capped at {@link #MAX_TEXT} characters per field.
 */
final class DesktopNotifications {

    static final int MAX_TEXT = 4096;
    /**
     * The answer to kitty's {@code p=?}, after the query's {@code i}: the payload kinds read ({@code title},
     * {@code body}, and the query itself), and {@code o=always}, as kitty's spec asks of a terminal that
     * supports no occasions (a notification is one whatever its {@code o}). No {@code a} (a click does
     * nothing), {@code u} (urgency is not kept) or {@code c} (no close events): the spec has them absent.
     */
    static final String KITTY_SUPPORT = "p=?;p=title,body,?:o=always";
    /** An {@code i} echoed in the answer is at most this long; kitty's identifiers are words. */
    static final int MAX_ID = 256;

    private final TerminalListener listener;
    /** The kitty notification being assembled (its {@code i}), or null. */
    private @Nullable String kittyId;
    private final StringBuilder kittyTitle = new StringBuilder();
    private final StringBuilder kittyBody = new StringBuilder();

    DesktopNotifications(TerminalListener listener) {
        this.listener = listener;
    }

    /** True when {@code 9;} is followed by ConEmu's numeric command form ({@code 4;1;40}, {@code 9;path}, {@code 1}). */
    static boolean isConEmu(byte[] data, int from, int to) {
        int i = from;
        while (i < to && data[i] >= '0' && data[i] <= '9') {
            i++;
        }
        return i > from && (i == to || data[i] == ';');
    }

    /** OSC 9 whose payload {@code data[from, to)} is not ConEmu's. */
    void iterm(byte[] data, int from, int to) {
        String body = text(data, from, to);
        if (!body.isBlank()) {
            listener.notification("", body);
        }
    }

    /** OSC 777: the payload after {@code 777;}. */
    void urxvt(byte[] data, int from, int to) {
        String[] parts = text(data, from, to).split(";", 3);
        if (parts.length < 2 || !parts[0].equals("notify")) {
            return;
        }
        String title = parts[1];
        String body = parts.length > 2 ? parts[2] : "";
        if (!title.isBlank() || !body.isBlank()) {
            listener.notification(title, body);
        }
    }

    /** OSC 99: the metadata and payload after {@code 99;}. */
    void kitty(byte[] data, int from, int to) {
        String text = text(data, from, to);
        int semi = text.indexOf(';');
        if (semi < 0) {
            return; // kitty's spec: both semicolons are always there
        }
        String id = "";
        String kind = "title";
        boolean done = true;
        boolean base64 = false;
        for (String pair : text.substring(0, semi).split(":")) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String value = pair.substring(eq + 1);
            switch (pair.substring(0, eq)) {
                case "i" -> id = value;
                case "p" -> kind = value;
                case "d" -> done = !value.equals("0");
                case "e" -> base64 = value.equals("1");
                default -> { } // urgency, icons, sounds, actions: the attention is the same
            }
        }
        if (kind.equals("?")) {
            answerQuery(id);
            return; // a chunked notification being assembled is left as it is
        }
        if (!kind.equals("title") && !kind.equals("body")) {
            return;
        }
        if (!id.equals(kittyId)) {
            kittyId = id;
            kittyTitle.setLength(0);
            kittyBody.setLength(0);
        }
        String payload = text.substring(semi + 1);
        if (base64) {
            try {
                payload = new String(Base64.getDecoder().decode(payload), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                payload = ""; // a broken chunk adds nothing
            }
        }
        StringBuilder field = kind.equals("title") ? kittyTitle : kittyBody;
        field.append(payload, 0, Math.min(payload.length(), Math.max(0, MAX_TEXT - field.length())));
        if (done) {
            String title = kittyTitle.toString();
            String body = kittyBody.toString();
            kittyId = null;
            kittyTitle.setLength(0);
            kittyBody.setLength(0);
            if (!title.isBlank() || !body.isBlank()) {
                listener.notification(title, body);
            }
        }
    }

    /**
     * kitty's reply form, {@code OSC 99 ; i=<id> : p=? ; key=value:… ST}; a query without {@code i} is
     * answered with {@code i=0}, as kitty's other reports are. An {@code i} with characters outside kitty's
     * identifier set ({@code [a-zA-Z0-9-_+.]}) or longer than {@link #MAX_ID} gets no answer: echoing it
     * would put the program's bytes into its own input.
     */
    private void answerQuery(String id) {
        if (id.length() > MAX_ID || !id.chars().allMatch(c -> c < 0x80 && (Character.isLetterOrDigit(c)
                || c == '-' || c == '_' || c == '+' || c == '.'))) {
            return;
        }
        String reply = "\u001b]99;i=" + (id.isEmpty() ? "0" : id) + ":" + KITTY_SUPPORT + "\u001b\\";
        listener.reply(reply.getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * OSC 7501 (Codex): the value of {@code state=} among its {@code key=value} pairs. Codex 0.171.0's
     * binary writes {@code state=<state>:app=codex} (its format strings {@code ]7501;state=} and
     * {@code :app=codex}), so a pair ends at {@code :} as well as {@code ;}.
     */
    static @Nullable String codexState(byte[] data, int from, int to) {
        for (String pair : text(data, from, to).split("[;:]")) {
            if (pair.startsWith("state=")) {
                return pair.substring("state=".length());
            }
        }
        return null;
    }

    private static String text(byte[] data, int from, int to) {
        return new String(data, from, Math.max(0, to - from), StandardCharsets.UTF_8);
    }
}
