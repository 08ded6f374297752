package dev.signaltty.vt.internal;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * JMH benchmark of a resize that rewraps (ADR 0800): a 200x50 main screen full of long, coloured,
 * soft-wrapped lines with CJK among them, behind a history of 100,000 lines (history is not touched by a
 * reflow; it is there to show so). Not a test: run with {@code bench/jmh ReflowBenchmark} (it prints µs
 * per operation). Results: ADR 0800.
 * <ul>
 *   <li>{@code narrowThenWiden}: 200 → 120 → 200 columns on the same screen, again and again (after the
 *       first round no row leaves for history: the steady state of a window dragged back and forth);</li>
 *   <li>{@code narrowFullScreen}: one narrowing of a screen refilled before each call, so rows do leave
 *       the top into history (the refill is not timed).</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class ReflowBenchmark {

    private static final int HISTORY = 100_000;

    Terminal steady;
    Terminal full;
    byte[] screenful;

    /** Lines of 150 to 450 columns (1 to 3 rows at 200), some coloured, some with CJK. */
    static byte[] screenful(int lines) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            int words = 20 + (i * 7) % 50;
            for (int w = 0; w < words; w++) {
                if (w % 9 == 0) {
                    sb.append("\u001b[3").append(1 + w % 7).append('m');
                }
                sb.append(w % 13 == 0 ? "漢字かな " : "word").append(w).append(' ');
                if (w % 9 == 0) {
                    sb.append("\u001b[m");
                }
            }
            sb.append("\r\n");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Setup(Level.Trial)
    public void fill() {
        screenful = screenful(40);
        steady = terminal();
        full = terminal();
    }

    private Terminal terminal() {
        Terminal t = new Terminal(200, 50, new TerminalListener() { }, new RingLimits(HISTORY, 1L << 30), 0);
        byte[] history = "history line\r\n".repeat(HISTORY).getBytes(StandardCharsets.UTF_8);
        t.feed(history, 0, history.length);
        t.feed(screenful, 0, screenful.length);
        return t;
    }

    @Setup(Level.Invocation)
    public void refill() {
        full.resize(200, 50);
        full.feed(screenful, 0, screenful.length);
    }

    @Benchmark
    public int narrowThenWiden() {
        steady.resize(120, 50);
        steady.resize(200, 50);
        return steady.cols();
    }

    @Benchmark
    public int narrowFullScreen() {
        full.resize(120, 50);
        return full.cols();
    }
}
