package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** Reading the user's terminal's answers to OSC 10/11 and DA1 (ADR 1011), as xterm, tmux and others write them. */
class ColourQueryTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void readsFourTwoAndOneDigitChannelsEndedByStOrBelAndKeepsTheKeysTypedMeanwhile() {
        ColourQuery.Answer a = ColourQuery.scan(bytes("x\u001b]10;rgb:2020/2020/2020\u001b\\y\u001b]11;rgb:fd/f6/e3\u0007"
                + "\u001b[?1;2cz"));
        assertThat(a.foreground()).isEqualTo("#202020");
        assertThat(a.background()).isEqualTo("#fdf6e3");
        assertThat(new String(a.rest(), StandardCharsets.ISO_8859_1)).isEqualTo("xyz");
        assertThat(ColourQuery.scan(bytes("\u001b]11;rgb:f/8/0\u0007")).background()).isEqualTo("#ff8800");
        assertThat(a.params()).containsEntry("foreground", "#202020").containsEntry("background", "#fdf6e3");
    }

    @Test
    void aTerminalThatAnswersOnlyDa1GivesNoColours() {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        read.writeBytes(bytes("\u001b[?62;22c"));
        assertThat(ColourQuery.answered(read)).isTrue();
        ColourQuery.Answer a = ColourQuery.scan(read.toByteArray());
        assertThat(a.params()).isEmpty();
        assertThat(a.rest()).isEmpty();
    }

    @Test
    void aLateAnswerIsNoKeyButKeysAroundItAre() {
        byte[] read = bytes("ls\u001b]11;rgb:0000/0000/0000\u001b\\\u001b[?1;2c\u001b[A");
        assertThat(new String(ColourQuery.withoutAnswers(read, read.length), StandardCharsets.ISO_8859_1))
                .isEqualTo("ls\u001b[A");
        byte[] plain = bytes("abc");
        assertThat(ColourQuery.withoutAnswers(plain, 2)).isEqualTo(bytes("ab"));
    }
}
