package bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * The emulator alone under a flood, in process (ADRs 0580, 0610): {@code EmulatorFlood FILE PASSES} feeds
 * the file (LF → CR LF, as a PTY's onlcr does) into a fresh 200×50 {@link Terminal} per pass in 16 KiB
 * chunks, and prints the whole process's CPU per pass: pass 0 is the cold one (interpreter, C1 and the C2
 * threads), the rest are warm. It also prints the feeding thread's own CPU: the process clock moves in 10 ms
 * steps (about 3 % of a warm pass), the thread's in nanoseconds, so a warm A/B of a few percent reads there. Without the PTY, the reader and the daemon, an A/B of emulator changes moves
 * by a few percent instead of tens. The last line hashes every rendered line, the screen and history's
 * counts, so two checkouts that emulate alike print the same check.
 */
public final class EmulatorFlood {

    private EmulatorFlood() {
    }

    public static void main(String[] args) throws Exception {
        byte[] raw = Files.readAllBytes(Path.of(args[0]));
        int passes = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        byte[] in = new byte[raw.length + raw.length / 16];
        int n = 0;
        for (byte b : raw) {
            if (n + 2 > in.length) {
                in = Arrays.copyOf(in, 2 * in.length);
            }
            if (b == '\n') {
                in[n++] = '\r';
            }
            in[n++] = b;
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        var threads = ManagementFactory.getThreadMXBean();
        byte[] chunk = new byte[16 * 1024];
        long check = 0;
        StringBuilder out = new StringBuilder();
        for (int pass = 0; pass < passes; pass++) {
            Terminal t = new Terminal(200, 50, new TerminalListener() { }, RingLimits.defaults(), 0);
            long cpu = os.getProcessCpuTime();
            long own = threads.getCurrentThreadCpuTime();
            long wall = System.nanoTime();
            for (int off = 0; off < n; off += chunk.length) {
                int len = Math.min(chunk.length, n - off);
                System.arraycopy(in, off, chunk, 0, len); // as a reader's buffer
                t.feed(chunk, 0, len);
            }
            out.append(String.format("pass %d: cpu %.3f s thread %.4f s wall %.3f s%n", pass,
                    (os.getProcessCpuTime() - cpu) / 1e9, (threads.getCurrentThreadCpuTime() - own) / 1e9,
                    (System.nanoTime() - wall) / 1e9));
            check = 31 * check + t.rendered(0, 1 << 20, true).text().hashCode() + t.screen(true).hashCode()
                    + t.historyLines() + t.historyBytes();
        }
        System.out.print(out);
        System.out.println("check " + Long.toHexString(check));
    }
}
