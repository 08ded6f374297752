package dev.signaltty.vt.internal;

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
import org.openjdk.jmh.infra.Blackhole;

import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * JMH benchmark of the byte parser alone (issue 3), and of the whole emulator for comparison, over
 * {@link VtThroughputBench#generate}'s deterministic mix of SGR, CJK and emoji, CR progress bars and
 * cursor-addressed frames, fed in 64 KiB chunks as a PTY reader does. Not a test: run with
 * {@code bench/jmh} (it prints ms per 8 MiB; MB/s = 8 / seconds). Results: docs/benchmarks.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
public class VtParserBenchmark {

    static final int CHUNK = 64 * 1024;

    byte[] stream;
    VtParser parser;
    Terminal terminal;

    @Setup(Level.Trial)
    public void generate() {
        stream = VtThroughputBench.generate(8 << 20);
    }

    @Setup(Level.Iteration)
    public void fresh(Blackhole blackhole) {
        parser = new VtParser(new Consuming(blackhole));
        terminal = new Terminal(200, 50, new TerminalListener() { }, RingLimits.defaults(), 0);
    }

    /** The DEC-diagram parser with actions that only hand their arguments to the blackhole. */
    @Benchmark
    public void parserAlone() {
        for (int off = 0; off < stream.length; off += CHUNK) {
            parser.advance(stream, off, Math.min(CHUNK, stream.length - off));
        }
    }

    /** Parser, grid, scrollback history and rendered ring: what a pane's emulator thread runs. */
    @Benchmark
    public int wholeTerminal() {
        for (int off = 0; off < stream.length; off += CHUNK) {
            terminal.feed(stream, off, Math.min(CHUNK, stream.length - off));
        }
        return terminal.historyLines();
    }

    /** Actions that do no work but cannot be optimised away. */
    static final class Consuming implements VtActions {
        private final Blackhole blackhole;

        Consuming(Blackhole blackhole) {
            this.blackhole = blackhole;
        }

        @Override
        public void print(int codePoint) {
            blackhole.consume(codePoint);
        }

        @Override
        public void printAscii(byte[] buf, int off, int len) {
            blackhole.consume(len);
        }

        @Override
        public void execute(int control) {
            blackhole.consume(control);
        }

        @Override
        public void csiDispatch(VtParams params, int intermediates, boolean ignore, int finalByte) {
            blackhole.consume(finalByte);
        }

        @Override
        public void escDispatch(int intermediates, boolean ignore, int finalByte) {
            blackhole.consume(finalByte);
        }

        @Override
        public void oscDispatch(byte[] data, int len, boolean bellTerminated) {
            blackhole.consume(len);
        }
    }
}
