package bench;

import java.io.IOException;

/** Timed request loops on one open connection, the same code for signaltty and tmux. */
final class Requests {

    private Requests() {
    }

    interface Call {
        Object run() throws IOException;
    }

    /** Seconds each of {@code n} calls took, one after the other. */
    static double[] sequential(int n, Call call) throws IOException {
        double[] latencies = new double[n];
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            call.run();
            latencies[i] = (System.nanoTime() - start) / 1e9;
        }
        return latencies;
    }

    /** Requests in batches of {@code window} written at once, then their responses read; requests per second. */
    static double pipelined(int n, int window, Lines lines, byte[] request, Call read) throws IOException {
        byte[] batch = new byte[request.length * window];
        for (int i = 0; i < window; i++) {
            System.arraycopy(request, 0, batch, i * request.length, request.length);
        }
        long start = System.nanoTime();
        int done = 0;
        while (done < n) {
            lines.send(batch);
            for (int i = 0; i < window; i++) {
                read.run();
            }
            done += window;
        }
        return done / ((System.nanoTime() - start) / 1e9);
    }
}
