package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.sun.jna.Pointer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives a pane's program SIGHUP and SIGTERM at their default action even when the daemon was started with
 * them ignored (ADR 0590).
 *
 * <p>An ignored signal stays ignored across fork and exec, and neither the JVM nor pty4j's launcher undoes
 * it: the JVM leaves an ignored SIGHUP/SIGTERM alone (no shutdown handler), and pty4j's child resets only
 * SIGINT, SIGQUIT and SIGPIPE. A daemon started under {@code nohup} (as CI runs are) thus gave every pane a
 * program that ignores SIGHUP: {@code pane.close} waited out its whole grace before SIGKILL, a shutdown did
 * that for every pane, and after a {@code kill -9} of the daemon the programs outlived the hang-up of their
 * terminal. A handled signal, unlike an ignored one, is reset to its default by exec: so the daemon handles
 * each such signal itself with a handler that does nothing, and goes on ignoring it as its launcher asked.
 */
final class ChildSignals {

    private static final Logger log = LoggerFactory.getLogger(ChildSignals.class);

    /** The signal a pane is ended by ({@code pane.close}, a shutdown) and the one {@code kill} sends by default. */
    private static final String[] RESET = {"HUP", "TERM"};
    private static final int[] NUMBERS = {1, 15};

    private ChildSignals() {
    }

    /** Once per process, before the first pane is launched; harmless to call again. */
    static synchronized void resetInheritedIgnores() {
        long ignored = ignoredMask();
        for (int i = 0; i < RESET.length; i++) {
            if ((ignored & (1L << (NUMBERS[i] - 1))) == 0) {
                continue;
            }
            // SIG_DFL for the instant until the handler below replaces it: the JVM refuses to handle a
            // signal that is ignored, and nothing else can hand exec a default disposition
            Posix.signal(NUMBERS[i], Pointer.NULL);
            sun.misc.Signal.handle(new sun.misc.Signal(RESET[i]), s -> { });
            log.info("SIG{} was ignored when the daemon started: the daemon still ignores it, its panes' programs do not",
                    RESET[i]);
        }
    }

    /** The process's ignored signals (bit n-1 for signal n), from /proc; 0 where there is no /proc. */
    private static long ignoredMask() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) {
                    return Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16);
                }
            }
        } catch (IOException | RuntimeException e) {
            log.debug("no /proc/self/status: inherited signal dispositions left as they are", e);
        }
        return 0;
    }
}
