package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * What the view does with keys typed while it reconnects (ADR 1220): held up to the cap for the pane they
 * were typed for, sent once to it when it still has the focus, refused with a message when it has not.
 * The whole round through a real restart is {@code TabViewKeysAcrossRestartTest}.
 */
class HeldKeysTest {

    private final List<String> sent = new ArrayList<>();

    private void send(String pane, byte[] bytes) {
        sent.add(pane + ":" + new String(bytes, StandardCharsets.UTF_8));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void attachedKeysGoAtOnceAndNothingIsHeld() {
        HeldKeys held = new HeldKeys();
        boolean wasHeld = held.holdOrSend("pane_a", bytes("ls\r"), () -> sent.add("now"));
        assertThat(wasHeld).isFalse();
        assertThat(sent).containsExactly("now");
        assertThat(held.release("pane_a", this::send)).isNull(); // seed R205: nothing is sent twice
        assertThat(sent).containsExactly("now");
    }

    @Test
    void keysTypedWhileReconnectingAreSentInOrderToTheirPaneWhenItStillHasTheFocus() {
        HeldKeys held = new HeldKeys();
        held.lost();
        assertThat(held.status()).isEqualTo("reconnecting; keys typed are held (cap 4 KiB)");
        assertThat(held.holdOrSend("pane_a", bytes("echo "), () -> sent.add("not now"))).isTrue();
        assertThat(held.holdOrSend("pane_a", bytes("hi\r"), () -> sent.add("not now"))).isTrue();
        assertThat(sent).isEmpty();
        assertThat(held.status()).isEqualTo("reconnecting; 8 bytes held (cap 4 KiB)");

        assertThat(held.release("pane_a", this::send)).isEqualTo("reconnected; 8 bytes typed meanwhile sent");
        assertThat(sent).containsExactly("pane_a:echo hi\r");
        assertThat(held.holding()).isFalse();
    }

    @Test
    void pastTheCapBytesAreDroppedAndCounted() {
        HeldKeys held = new HeldKeys();
        held.lost();
        held.holdOrSend("pane_a", bytes("x".repeat(HeldKeys.CAP - 10)), () -> { });
        held.holdOrSend("pane_a", bytes("y".repeat(30)), () -> { });
        assertThat(held.status()).isEqualTo("reconnecting; 4096 bytes held, 20 dropped (cap 4 KiB)");

        assertThat(held.release("pane_a", this::send)).isEqualTo("reconnected; 4096 bytes typed meanwhile sent, 20 dropped");
        assertThat(sent.getFirst()).endsWith("x" + "y".repeat(10)).hasSize("pane_a:".length() + HeldKeys.CAP);
    }

    @Test
    void keysForAPaneThatLostTheFocusAreNotSentAndTheStatusLineSaysSo() {
        HeldKeys held = new HeldKeys();
        held.lost();
        held.holdOrSend("pane_a", bytes("rm -rf build\r"), () -> { });
        held.holdOrSend("pane_b", bytes("q"), () -> { }); // typed after a focus move in the gap: not kept
        assertThat(held.status()).isEqualTo("reconnecting; 13 bytes held, 1 dropped (cap 4 KiB)");

        assertThat(held.release("pane_c", this::send))
                .isEqualTo("reconnected; 13 bytes typed for pane_a not sent: the focus moved to pane_c, 1 dropped");
        assertThat(sent).isEmpty();
        // attached again: the next keys go at once
        held.holdOrSend("pane_c", bytes("ls\r"), () -> sent.add("now"));
        assertThat(sent).containsExactly("now");
    }
}
