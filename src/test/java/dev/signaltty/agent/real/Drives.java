package dev.signaltty.agent.real;

import static dev.signaltty.support.ProtocolClient.eventually;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.signaltty.support.DaemonFixture;

/** What the drive extensions ({@link ScreenAgentDrive}, {@link CodexDrive}) share: the pane's screen, and the end of a class. */
final class Drives {

    private Drives() {
    }

    /**
     * Closes what the drive opened (a timeline, a scripted model; null when its set-up failed first), then stops
     * the daemon, which checks that no process of its panes is left, even when a close throws.
     */
    static void closeThenStop(ExtensionContext context, DaemonFixture daemon, @Nullable AutoCloseable... opened)
            throws IOException {
        try {
            for (AutoCloseable each : opened) {
                if (each != null) {
                    each.close();
                }
            }
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            daemon.afterAll(context);
        }
    }

    /** The pane's screen as text. */
    static String screen(DaemonFixture daemon, String pane) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }

    /** Waits up to {@code deadline} for the pane's screen to show {@code text}; the failure shows the screen. */
    static void awaitScreen(DaemonFixture daemon, String pane, String text, Duration deadline) {
        try {
            eventually(deadline, () -> screen(daemon, pane).contains(text));
        } catch (AssertionError e) {
            throw new AssertionError("screen of " + pane + " never showed " + text + ":\n" + screen(daemon, pane), e);
        }
    }
}
