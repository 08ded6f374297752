package dev.signaltty.hardening;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Samples the daemon's {@code VmRSS} and thread count once a second on a virtual thread, so the soak
 * can state RSS min/max over time and the peak thread count.
 */
final class RssSampler implements AutoCloseable {

    private final List<Long> rss = new ArrayList<>();
    private final AtomicLong maxThreads = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    RssSampler(SoakDaemon daemon) {
        this.thread = Thread.ofVirtual().name("rss-sampler").start(() -> {
            while (running && daemon.isAlive()) {
                try {
                    long bytes = daemon.rssBytes();
                    synchronized (rss) {
                        rss.add(bytes);
                    }
                    maxThreads.accumulateAndGet(daemon.threads(), Math::max);
                    Thread.sleep(1000);
                } catch (IOException | IllegalStateException gone) {
                    return; // the daemon exited between the check and the read
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    long maxThreads() {
        return maxThreads.get();
    }

    /** Stops sampling; the samples in bytes, oldest first. */
    List<Long> stop() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(5000);
        synchronized (rss) {
            return List.copyOf(rss);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
