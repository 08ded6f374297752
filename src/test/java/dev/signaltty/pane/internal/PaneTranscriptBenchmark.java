package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;
import dev.signaltty.vt.internal.VtThroughputBench;

/**
 * What the transcript costs the emulator thread (issue 17, ADR 0250): 8 MiB of the flood mix fed in
 * PTY-sized chunks to a 200×50 terminal, alone and with {@link PaneTranscript#append} before each
 * feed (checkpoints included, with the daemon's default bounds). Not a test: {@code bench/jmh
 * PaneTranscriptBenchmark} prints ms per 8 MiB; the difference of the two is the transcript's cost.
 * On a loaded machine wall time is noise: {@link #main} measures the feeding thread's CPU time
 * instead, the variants interleaved round by round (docs/benchmarks.md, "Transcript tail").
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
public class PaneTranscriptBenchmark {

    @Param({"4096"})
    int chunk;

    byte[] stream;
    Path dir;
    Terminal terminal;
    /** The terminal the transcript follows (its own, so that the other variant's feeds do not show in its history). */
    Terminal recorded;
    PaneTranscript transcript;
    /** Wall time spent in {@link PaneTranscript#append} (checkpoints included), for {@link #main}'s breakdown. */
    long appendNanos;

    @Setup(Level.Trial)
    public void generate() throws IOException {
        stream = VtThroughputBench.generate(8 << 20);
        dir = Files.createTempDirectory("transcript-bench");
    }

    @Setup(Level.Iteration)
    public void fresh() throws IOException {
        terminal = new Terminal(200, 50, new TerminalListener() { }, RingLimits.defaults(), 0);
        recorded = new Terminal(200, 50, new TerminalListener() { }, RingLimits.defaults(), 0);
        transcript = PaneTranscript.fresh(dir.resolve("t"), "p1", 1 << 20, Integer.getInteger("bench.tail", 64 << 10), recorded);
    }

    @TearDown(Level.Iteration)
    public void drop() throws IOException {
        transcript.delete();
    }

    /**
     * CPU ms per 8 MiB, median of {@code args[0]} (default 15) interleaved rounds of each variant; with
     * {@code args[1]}, the first 8 MiB of that file instead (bench/run's flood files, LF as CR LF), and
     * the system part of the CPU time too (the tail's page faults, the hist and checkpoint writes).
     */
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        PaneTranscriptBenchmark b = new PaneTranscriptBenchmark();
        b.chunk = 4096;
        b.generate();
        if (args.length > 1) {
            byte[] file = VtThroughputBench.onlcr(Files.readAllBytes(Path.of(args[1])));
            b.stream = java.util.Arrays.copyOf(file, Math.min(file.length, 8 << 20));
        }
        b.fresh(); // one pane's terminals and transcript for the whole run: a long flood's steady state
        double[][] cpu = new double[2][rounds];
        double[][] sys = new double[2][rounds];
        double[] append = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            for (int v = 0; v < 2; v++) {
                b.appendNanos = 0;
                long start = threads.getCurrentThreadCpuTime();
                long user = threads.getCurrentThreadUserTime();
                int lines = v == 0 ? b.feedAlone() : b.feedWithTranscript();
                cpu[v][r] = (threads.getCurrentThreadCpuTime() - start) / 1e6;
                sys[v][r] = cpu[v][r] - (threads.getCurrentThreadUserTime() - user) / 1e6;
                append[r] = b.appendNanos / 1e6;
                if (lines < 0) {
                    throw new AssertionError();
                }
            }
        }
        for (int v = 0; v < 2; v++) {
            java.util.Arrays.sort(cpu[v]);
            java.util.Arrays.sort(sys[v]);
            System.out.printf(java.util.Locale.ROOT, "%s: %.0f ms CPU per 8 MiB, of it system %.0f ms (medians of %d)%n",
                    v == 0 ? "feedAlone" : "feedWithTranscript", cpu[v][rounds / 2], sys[v][rounds / 2], rounds);
        }
        b.drop();
        java.util.Arrays.sort(append);
        System.out.printf(java.util.Locale.ROOT, "in append (wall): %.1f ms per 8 MiB (median)%n", append[rounds / 2]);
    }

    @Benchmark
    public int feedAlone() {
        for (int off = 0; off < stream.length; off += chunk) {
            terminal.feed(stream, off, Math.min(chunk, stream.length - off));
        }
        return terminal.historyLines();
    }

    @Benchmark
    public int feedWithTranscript() throws IOException {
        for (int off = 0; off < stream.length; off += chunk) {
            int n = Math.min(chunk, stream.length - off);
            synchronized (recorded) {
                long t0 = System.nanoTime();
                transcript.append(recorded, stream, off, n);
                appendNanos += System.nanoTime() - t0;
                recorded.feed(stream, off, n);
            }
        }
        return recorded.historyLines();
    }
}
