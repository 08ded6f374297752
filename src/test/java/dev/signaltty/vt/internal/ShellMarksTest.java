package dev.signaltty.vt.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import dev.signaltty.vt.CommandOutput;
import dev.signaltty.vt.RenderedLine;
import dev.signaltty.vt.RenderedRead;
import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.ShellState;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/** OSC 133 marks in the emulator (ShellMarks): what a command's output is, byte stream by byte stream. */
class ShellMarksTest {

    static final String A = "\u001b]133;A\u0007";
    static final String C = "\u001b]133;C\u0007";

    static Terminal terminal() {
        return new Terminal(20, 5, new TerminalListener() { }, new RingLimits(100, 1 << 20), 1L << 32);
    }

    static void feed(Terminal t, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        t.feed(b, 0, b.length);
    }

    @Test
    void outputIsBetweenCAndDWithoutTheEchoWrappedRowsJoinedAndAnUnterminatedLineKept() {
        Terminal t = terminal();
        assertThat(t.shellState().seen()).isFalse();
        feed(t, A + "$ \u001b]133;B\u0007echo FOUND; printf x\r\n" + C);
        assertThat(t.shellState().running()).isTrue();
        feed(t, "FOUND\r\n" + "y".repeat(25) + "\r\nx\u001b]133;D;7\u0007" + A + "$ ");
        CommandOutput out = t.command(0, 100, false);
        assertThat(out.output()).isEqualTo("FOUND\n" + "y".repeat(25) + "\nx");
        assertThat(out.exitStatus()).isEqualTo(7);
        assertThat(t.shellState()).isEqualTo(new ShellState("prompt", 2, 1, 1));
        // the prompt drawn on the unterminated line's row is not output; the echo never was
        RenderedRead all = t.rendered(0, 100, false);
        assertThat(all.lines()).filteredOn(l -> t.isCommandOutput(l.seq())).extracting(RenderedLine::text)
                .containsExactly("FOUND", "y".repeat(20), "yyyyy");
    }

    @Test
    void aCommandsDurationIsTheShellsStampsDifferenceThoughOneReadBringsBothMarks() {
        Terminal t = terminal();
        // one chunk, as the daemon reads a quick command's output: parsing C and D is no time apart
        feed(t, A + "$ sleep\r\n\u001b]133;C;t=1733580000.123456\u0007\u001b]133;D;0;t=1733580000.373999\u0007" + A);
        assertThat(t.command(0, 100, false).durationMs()).isEqualTo(250);
        assertThat(t.command(0, 100, false).exitStatus()).isZero();
        // a locale's decimal comma, as bash 5.0's EPOCHREALTIME writes it
        feed(t, "$ x\r\n\u001b]133;C;t=10,5\u0007\u001b]133;D;1;t=12,000001\u0007" + A);
        assertThat(t.command(0, 100, false).durationMs()).isEqualTo(1500);
        // no stamp (a shell without EPOCHREALTIME sends t=): the time between the marks, not a made-up one
        feed(t, "$ y\r\n\u001b]133;C;t=\u0007\u001b]133;D;0;t=99.0\u0007" + A);
        assertThat(t.command(0, 100, false).durationMs()).isBetween(0L, 1_000L);
        assertThat(ShellMarks.stampMicros(";0;t=1.5".getBytes(StandardCharsets.US_ASCII), 0, 8)).isEqualTo(1_500_000);
        // zsh's EPOCHREALTIME has ten digits after the point
        assertThat(ShellMarks.stampMicros(";t=1796661879.7308838367".getBytes(StandardCharsets.US_ASCII), 0, 24))
                .isEqualTo(1_796_661_879_730_883L);
        assertThat(ShellMarks.stampMicros(";t=${EPOCHREALTIME:-}".getBytes(StandardCharsets.US_ASCII), 0, 21)).isEqualTo(-1);
    }

    @Test
    void aDWithoutCIsIgnoredAndAPromptWithoutDEndsTheCommandWithoutStatus() {
        Terminal t = terminal();
        feed(t, "\u001b]133;D;0\u0007" + A + "$ ");
        assertThat(t.command(0, 100, false)).isNull();
        feed(t, "run\r\n" + C + "out\r\n" + A + "$ ");
        CommandOutput out = t.command(1, 100, false);
        assertThat(out.output()).isEqualTo("out");
        assertThat(out.exitStatus()).isNull();
    }

    @Test
    void outputOlderThanTheRetainedHistoryIsMarkedTruncated() {
        Terminal t = new Terminal(20, 5, new TerminalListener() { }, new RingLimits(10, 1 << 20), 1L << 32);
        feed(t, A + "$ seq\r\n" + C);
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 50; i++) {
            lines.append(i).append("\r\n");
        }
        feed(t, lines + "\u001b]133;D;0\u0007" + A);
        CommandOutput out = t.command(0, 100, false);
        assertThat(out.truncated()).isTrue();
        assertThat(out.output()).endsWith("49\n50").doesNotContain("\n1\n");
        assertThat(t.command(0, 3, false).output()).isEqualTo("48\n49\n50");
    }
}
