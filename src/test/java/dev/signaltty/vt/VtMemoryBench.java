package dev.signaltty.vt;

import java.nio.charset.StandardCharsets;

/**
 * Heap held by one terminal with 10,000 history lines of about 40 characters (not a test). Run after
 * {@code ./mvnw test-compile}:
 * {@code java -Xmx256m -cp target/classes:target/test-classes dev.signaltty.vt.VtMemoryBench}
 */
public final class VtMemoryBench {

    private VtMemoryBench() {
    }

    public static void main(String[] args) throws Exception {
        int panes = 10;
        Terminal[] keep = new Terminal[panes];
        long before = used();
        for (int p = 0; p < panes; p++) {
            Terminal t = new Terminal(80, 24, new TerminalListener() { }, RingLimits.defaults(), 0);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 10_024; i++) {
                sb.append(String.format("%05d pane %d: the quick brown fox jumps", i, p)).append("\r\n");
            }
            byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
            t.feed(b, 0, b.length);
            keep[p] = t;
        }
        long after = used();
        System.out.printf("per pane: %.2f MiB heap for %d history lines (estimate %d bytes)%n",
            (after - before) / (double) panes / (1 << 20), keep[0].historyLines(), keep[0].historyBytes());
    }

    private static long used() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
