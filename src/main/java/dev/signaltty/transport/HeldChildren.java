package dev.signaltty.transport;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;


/**
 * The programs a restart in place stopped for its exec (ADR 0870), continued first thing by the next image:
 * the old image stops each handed-over program before its last look at them, so that none can exit where
 * pty4j's reaper thread would reap it and its status die with the image; once this image runs, it is their
 * only waiter, and their exits keep their codes. Called from the daemon's {@code main}, before Spring starts,
 * so they are held for the exec and the JVM's start only, not for the context's.
 */
public final class HeldChildren {

    /** How long {@code kill} may take. */
    private static final long KILL_WAIT_S = 5;
    private static volatile int continued;
    private static volatile @Nullable Instant continuedAt;

    private HeldChildren() {
    }

    /**
     * Continues every stopped child of this process when {@code paths} name a hand-over file (a restart in
     * place made this start; a fresh one has no children, and the look through /proc is spared). Its stopped
     * children are then the programs the old image held (and one stopped by hand before the restart).
     */
    public static void continueAll(SignalttyPaths paths) {
        if (!Files.exists(paths.handOver())) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("kill", "-CONT"));
        try {
            for (ProcessStat child : ProcessStat.childrenOf(ProcessHandle.current().pid())) {
                if (child.stopped()) {
                    command.add(Long.toString(child.pid()));
                }
            }
        } catch (IOException e) {
            return; // no /proc to look in: a restart in place (which needs it) held nothing
        }
        if (command.size() == 2) {
            return;
        }
        // the kill command, not JNA: this runs before the daemon may write in its state dir, where JNA's
        // native library is unpacked (ADR 0120), and it runs only after a restart in place
        try {
            Process kill = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!kill.waitFor(KILL_WAIT_S, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
            }
        } catch (IOException e) {
            return; // told by LiveHandOver's log line: none continued
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        continued = command.size() - 2;
        continuedAt = Instant.now();
    }

    /** How many {@link #continueAll} continued (logged once logging is up). */
    public static int continued() {
        return continued;
    }

    /** When {@link #continueAll} ran; null when it did not. */
    public static @Nullable Instant continuedAt() {
        return continuedAt;
    }
}
