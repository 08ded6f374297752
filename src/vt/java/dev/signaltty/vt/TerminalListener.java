package dev.signaltty.vt;

/**
 * Side effects of the byte stream, called on the feeding thread while the terminal's lock is held:
 * implementations must not block (queue the reply for the PTY writer) and must not call back into the
 * terminal from another thread while waiting for it.
 */
public interface TerminalListener {

    /** Bytes the program expects back on its input (DSR/CPR, DA1/DA2, DECRQSS, DECRQM, XTVERSION and colour answers), in stream order. */
    default void reply(byte[] bytes) {
    }

    default void titleChanged(String title) {
    }

    /** BEL outside an escape sequence (a BEL that ends an OSC string is no bell). Called once per BEL: rate-limit downstream. */
    default void bell() {
    }

    /**
     * A desktop notification the program asked its terminal for: {@code OSC 9 ; body} (iTerm2),
     * {@code OSC 777 ; notify ; title ; body} (urxvt, foot, Ghostty), {@code OSC 99} (kitty, its chunks
     * joined). {@code title} is "" when none was given; {@code body} may be "" when only a title was.
     * Both are as sent (capped at {@code VtParser.MAX_OSC} bytes), control characters included.
     */
    default void notification(String title, String body) {
    }

    /**
     * The value of {@code state=} in {@code OSC 7501} (Codex reports idle, working, done, blocked,
     * error), as sent: it may be cut short or unknown, so the receiver checks it.
     */
    default void stateReported(String state) {
    }

    /** The colours OSC 10/11 queries are answered with, asked at each query. */
    default TerminalColors colors() {
        return TerminalColors.DARK;
    }
}
