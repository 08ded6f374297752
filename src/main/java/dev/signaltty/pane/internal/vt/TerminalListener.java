package dev.signaltty.pane.internal.vt;

/** Side effects of the emulator: replies for the child (DSR/DA), title changes, bell. */
public interface TerminalListener {
    default void reply(byte[] bytes) {
    }

    default void titleChanged(String title) {
    }

    default void bell() {
    }
}
