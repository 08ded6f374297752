package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The view draws names, labels and questions any client set (an agent names its workspace); their control
 * characters must never reach the outer terminal, where OSC 0 would set its title and OSC 52 its clipboard.
 */
class FrameTextTest {

    @Test
    void aNamesEscapeSequenceIsDrawnAsReplacementCharactersNotSent() {
        Frame f = new Frame();
        f.resize(20, 2);
        f.text(0, 0, "evil\u001b]0;pwned\u0007!", Frame.BOX, 20);
        String bytes = f.diff();
        assertThat(bytes).doesNotContain("\u001b]").doesNotContain("\u0007").contains("evil\ufffd]0;pwned\ufffd!");
    }
}
