package dev.signaltty.vt.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import dev.signaltty.vt.RenderedLine;
import dev.signaltty.vt.RenderedRead;
import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * A JMH-free throughput benchmark (not a test): feeds a generated stream of mixed ANSI and UTF-8
 * through the bare {@link VtParser} and then through {@link Terminal}, in 64 KiB chunks as a PTY
 * reader would, and prints MB/s. Run after {@code ./mvnw test-compile}:
 * {@code java -cp target/classes:target/test-classes dev.signaltty.vt.internal.VtThroughputBench [MB] [out.bin]}
 * (with {@code out.bin} it also writes the stream, to feed the same bytes to tmux), or
 * {@code ... VtThroughputBench FILE} to feed a file (e.g. bench/run's flood, from {@code bench.FloodFile}) with
 * LF turned into CR LF as a PTY's {@code onlcr} does.
 */
public final class VtThroughputBench {

    private VtThroughputBench() {
    }

    public static void main(String[] args) throws Exception {
        boolean fromFile = args.length > 0 && !args[0].chars().allMatch(Character::isDigit);
        byte[] data = fromFile ? onlcr(Files.readAllBytes(Path.of(args[0])))
            : generate((args.length > 0 ? Integer.parseInt(args[0]) : 100) << 20);
        int mb = data.length >> 20;
        if (!fromFile && args.length > 1) {
            Files.write(Path.of(args[1]), data);
        }
        VtActions sink = new VtActions() { // the parser alone: actions do nothing
            @Override
            public void print(int codePoint) {
            }

            @Override
            public void printAscii(byte[] buf, int off, int len) {
            }

            @Override
            public void printText(byte[] buf, int off, int len, int[] cps, int count) {
            }

            @Override
            public void execute(int control) {
            }

            @Override
            public void csiDispatch(VtParams params, int intermediates, boolean ignore, int finalByte) {
            }

            @Override
            public void escDispatch(int intermediates, boolean ignore, int finalByte) {
            }

            @Override
            public void oscDispatch(byte[] d, int len, boolean bell) {
            }
        };
        for (int round = 0; round < 3; round++) {
            VtParser parser = new VtParser(sink);
            long start = System.nanoTime();
            for (int off = 0; off < data.length; off += 65536) {
                parser.advance(data, off, Math.min(65536, data.length - off));
            }
            double s = (System.nanoTime() - start) / 1e9;
            System.out.printf("parser only, round %d: %d MB in %.2f s = %.0f MB/s%n", round, mb, s, mb / s);
        }
        com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Terminal t = null;
        for (int round = 0; round < 5; round++) {
            t = new Terminal(200, 50, new TerminalListener() { }, RingLimits.defaults(), 0);
            long cpu = threads.getCurrentThreadCpuTime();
            long allocated = threads.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            for (int off = 0; off < data.length; off += 65536) {
                t.feed(data, off, Math.min(65536, data.length - off));
            }
            double s = (System.nanoTime() - start) / 1e9;
            // CPU time as well: on a shared machine the wall clock also measures the neighbours
            double c = (threads.getCurrentThreadCpuTime() - cpu) / 1e9;
            double perMib = (threads.getCurrentThreadAllocatedBytes() - allocated) / (double) mb;
            System.out.printf("round %d: %d MB in %.2f s = %.0f MB/s; %.2f s CPU = %.0f MB/s; %.0f bytes allocated"
                    + " per MiB (history %d lines, %d bytes)%n",
                round, mb, s, mb / s, c, mb / c, perMib, t.historyLines(), t.historyBytes());
        }
        // what was kept, to compare two builds: the same input must leave the same text and numbers
        RenderedRead all = t.rendered(0, Integer.MAX_VALUE, true);
        System.out.printf("fingerprint: %08x (%d lines, head %d, screen %08x)%n", all.text().hashCode()
            ^ all.lines().stream().mapToLong(RenderedLine::seq).sum(), all.lines().size(), all.nextSeq(),
            t.screen(true).hashCode());
    }

    /** What a PTY in its default mode ({@code onlcr}) does to a file that {@code cat} writes into it. */
    public static byte[] onlcr(byte[] in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length + in.length / 32);
        for (byte b : in) {
            if (b == '\n') {
                out.write('\r');
            }
            out.write(b);
        }
        return out.toByteArray();
    }

    /** Deterministic mix: coloured log lines, CJK and emoji, CR progress bars, cursor-addressed frames. */
    public static byte[] generate(int size) {
        Random rnd = new Random(42);
        ByteArrayOutputStream out = new ByteArrayOutputStream(size + 4096);
        StringBuilder sb = new StringBuilder();
        while (out.size() < size) {
            sb.setLength(0);
            switch (rnd.nextInt(6)) {
                case 0 -> sb.append("\u001b[33mcommit ").append(Long.toHexString(rnd.nextLong()))
                    .append("\u001b[m\r\nAuthor: Someone <a@b.c>\r\n\r\n    fix the thing number ")
                    .append(rnd.nextInt(100000)).append("\r\n\r\n");
                case 1 -> sb.append("漢字とかなの混在した行です 한국어 😀🎉 emoji and text ").append(rnd.nextInt())
                    .append("\r\n");
                case 2 -> {
                    for (int p = 0; p <= 100; p += 10) {
                        sb.append("\rDownloading [").append("#".repeat(p / 10)).append(" ".repeat(10 - p / 10))
                            .append("] ").append(p).append('%');
                    }
                    sb.append("\r\n");
                }
                case 3 -> {
                    sb.append("\u001b[H");
                    for (int y = 1; y <= 10; y++) {
                        sb.append("\u001b[").append(y).append(";1H\u001b[1;3").append(y % 8).append("m")
                            .append("  PID ").append(rnd.nextInt(99999)).append(" user  20  0  ")
                            .append(rnd.nextInt(1 << 20)).append("\u001b[0m\u001b[K");
                    }
                    sb.append("\u001b[50;1H");
                }
                case 4 -> sb.append("plain ascii output line with some words in it, number ")
                    .append(rnd.nextInt()).append(" and more text to make it long enough to wrap past the edge"
                        + " of a normal terminal window, which happens a lot in build logs\r\n");
                default -> sb.append("\u001b[1;32m+added\u001b[0m \u001b[31m-removed\u001b[0m \u001b[38;5;208mpalette")
                    .append("\u001b[38;2;1;2;3m rgb\u001b[0m\tcol\ttab\r\n");
            }
            out.writeBytes(sb.toString().getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }
}
