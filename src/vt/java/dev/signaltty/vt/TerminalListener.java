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

    default void bell() {
    }
}
