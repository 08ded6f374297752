package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.util.function.BiConsumer;

import org.jspecify.annotations.Nullable;

/**
 * The keys typed for the focused pane while the view's connection is lost and it reconnects (ADR
 * 1220): held, up to {@link #CAP} bytes, for the pane they were typed for, and written to it once the
 * view is attached again, before any key typed after, but only if that pane is still the focused one
 * (another client may have moved the focus meanwhile: keys meant for a shell must not reach an agent).
 * What is not sent is said on the status line: bytes past the cap, keys typed for another pane after a
 * focus move, all of them when the focus changed. Mouse reports are not held (their cells may have
 * moved). This object's monitor orders a release before any later write.
 */
final class HeldKeys {

    /** How many typed bytes are held at most: a few screens of typing, never a paste's megabytes. */
    static final int CAP = 4096;

    // volatile: the status line reads them under the view's monitor, never this one (a send that fails at
    // once reports under the view's monitor while this one is held)
    private volatile boolean holding;
    private volatile @Nullable String pane;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private volatile long dropped;

    /** The connection was lost: from now on keys are held, not sent. */
    synchronized void lost() {
        holding = true;
    }

    /** Whether keys are held now (the view is reconnecting). */
    boolean holding() {
        return holding;
    }

    /**
     * Holds {@code typed} for {@code paneId} while reconnecting (true), or, attached, runs {@code send}
     * under this monitor, so it cannot overtake a release (false is never returned then: the keys went).
     */
    synchronized boolean holdOrSend(String paneId, byte[] typed, Runnable send) {
        if (!holding) {
            send.run();
            return false;
        }
        if (pane == null) {
            pane = paneId;
        }
        int room = CAP - bytes.size();
        if (!paneId.equals(pane) || room <= 0) {
            dropped += typed.length;
        } else {
            int kept = Math.min(room, typed.length);
            bytes.write(typed, 0, kept);
            dropped += typed.length - kept;
        }
        return true;
    }

    /** What the status line says while reconnecting (short: the status line's middle is what is left). */
    String status() {
        int kept = bytes.size();
        long notKept = dropped;
        return "reconnecting; " + (kept == 0 ? "keys typed are held" : kept + " bytes held")
                + (notKept > 0 ? ", " + notKept + " dropped" : "") + " (cap " + CAP / 1024 + " KiB)";
    }

    /**
     * Attached again with {@code focused} the focused pane: the held keys go to it through {@code send}
     * if they were typed for it, under this monitor; holding ends. Returns what the status line says, or
     * null when nothing was typed.
     */
    synchronized @Nullable String release(@Nullable String focused, BiConsumer<String, byte[]> send) {
        holding = false;
        String was = pane;
        byte[] typed = bytes.toByteArray();
        long notKept = dropped;
        pane = null;
        bytes.reset();
        dropped = 0;
        if (was == null) {
            return null;
        }
        String past = notKept > 0 ? ", " + notKept + " dropped" : "";
        if (!was.equals(focused)) {
            return "reconnected; " + typed.length + " bytes typed for " + was + " not sent: the focus moved"
                    + (focused == null ? "" : " to " + focused) + past;
        }
        send.accept(was, typed);
        return "reconnected; " + typed.length + " bytes typed meanwhile sent" + past;
    }
}
