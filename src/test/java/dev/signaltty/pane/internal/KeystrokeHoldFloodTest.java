package dev.signaltty.pane.internal;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TypedEcho;

/**
 * Keystrokes ahead of floods (ADR 0910) in a real daemon, over the real socket, on real PTYs: keystrokes typed
 * into a {@code cat} pane hold a flooding neighbour's reader back, and every byte of the flood still reaches
 * its emulator; typing without pause is held only the duty share, so the flood goes on to its end; with
 * {@code signaltty.keystroke-hold=off} nothing is held. No timing is asserted: only what was held and counted.
 */
class KeystrokeHoldFloodTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("hold");

    @RegisterExtension
    static final DaemonFixture off = new DaemonFixture("hold-off", "signaltty.keystroke-hold=off");

    /** 'x' bytes only: the line discipline translates nothing, so the PTY carries exactly this many. */
    static final long BYTES = 60_000_000;

    private static String flood(DaemonFixture fixture) {
        return flood(fixture, BYTES);
    }

    private static String flood(DaemonFixture fixture, long bytes) {
        return fixture.spawnShell("head -c " + bytes + " /dev/zero | tr '\\000' x");
    }

    private static long offset(DaemonFixture fixture, String pane) {
        return fixture.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("output_offset").asLong();
    }

    private static boolean running(DaemonFixture fixture, String pane) {
        return fixture.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("status").asString()
                .equals("running");
    }

    /** Types a marker into the attached cat pane and reads pty.data until it comes back. */
    private static String cat(DaemonFixture fixture) {
        return fixture.client().call("pane.spawn", Map.of("workspace_id", fixture.workspace(),
                "argv", List.of("cat"))).get("pane_id").asString();
    }

    @Test
    void keystrokesHoldAFloodingNeighbourAndEveryByteOfItStillArrives() { // seed R294, seed R296
        KeystrokeHold hold = daemon.bean(KeystrokeHold.class);
        assertThat(hold.enabled()).isTrue();
        String cat = cat(daemon);
        String flood = flood(daemon);
        try (ProtocolClient viewer = daemon.connect()) {
            viewer.call("pane.attach", Map.of("pane_id", cat));
            for (int key = 0; key < 20 || hold.stats().readerPauses() == 0 && running(daemon, flood); key++) {
                TypedEcho.typeAndAwait(daemon.client(), viewer, cat, "key" + key + "!");
            }
        }
        assertThat(hold.stats().opened()).as("every keystroke opened a hold").isGreaterThanOrEqualTo(20);
        assertThat(hold.stats().readerPauses()).as("the flood's reader waited for an echo").isPositive();
        daemon.awaitExited(flood, Duration.ofSeconds(120));
        assertThat(offset(daemon, flood)).as("every byte of the held flood reached the emulator").isEqualTo(BYTES);
        eventually(Duration.ofSeconds(30), () -> daemon.tail(flood).contains("xxxxxxxxxx"));
    }

    @Test
    void typingWithoutPauseIsHeldOnlyTheDutyShareAndTheFloodRunsToItsEnd() {
        KeystrokeHold hold = daemon.bean(KeystrokeHold.class);
        KeystrokeHold.Stats before = hold.stats();
        // reads its input and shows nothing: no echo ever ends a hold, each one runs to its deadline
        String sink = daemon.spawnShell("stty raw -echo && exec cat > /dev/null");
        long bytes = 10_000_000; // at the floor the duty cap leaves: a tenth of the time
        String flood = flood(daemon, bytes);
        long keys = 0;
        while (running(daemon, flood)) {
            daemon.client().call("pane.write", Map.of("pane_id", sink, "data", "k"));
            keys++;
            assertThat(keys).as("the flood ends while typing goes on").isLessThan(5_000_000);
        }
        daemon.awaitExited(flood, Duration.ofSeconds(120));
        assertThat(offset(daemon, flood)).isEqualTo(bytes);
        KeystrokeHold.Stats after = hold.stats();
        assertThat(after.opened() - before.opened()).isPositive();
        assertThat(after.refused() - before.refused()).as("the duty cap turned keystrokes away").isPositive();
    }

    @Test
    void switchedOffNothingIsHeld() {
        KeystrokeHold hold = off.bean(KeystrokeHold.class);
        assertThat(hold.enabled()).isFalse();
        String cat = cat(off);
        String flood = flood(off);
        try (ProtocolClient viewer = off.connect()) {
            viewer.call("pane.attach", Map.of("pane_id", cat));
            for (int key = 0; key < 20; key++) {
                TypedEcho.typeAndAwait(off.client(), viewer, cat, "key" + key + "!");
            }
        }
        off.awaitExited(flood, Duration.ofSeconds(120));
        assertThat(offset(off, flood)).isEqualTo(BYTES);
        assertThat(hold.stats()).isEqualTo(new KeystrokeHold.Stats(0, 0, 0, 0, 0));
    }
}
