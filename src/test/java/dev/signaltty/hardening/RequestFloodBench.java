package dev.signaltty.hardening;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Issue 23's memory attack as a measurement (bench/request-flood.sh): N connections each send
 * 16 MiB - 100 bytes without a newline to a real daemon JVM (the launcher's flags), and the daemon's
 * RSS and live heap are sampled before, during and after, plus whether it still answers a ping.
 * Prints a markdown table; asserts nothing (ADR 0101).
 */
public final class RequestFloodBench {

    private RequestFloodBench() {
    }

    public static void main(String[] args) throws Exception {
        int connections = args.length > 0 ? Integer.parseInt(args[0]) : 150;
        Path root = Files.createTempDirectory("signaltty-flood-");
        byte[] flood = new byte[16 * 1024 * 1024 - 100];
        Arrays.fill(flood, (byte) 'a');
        try (SoakDaemon daemon = SoakDaemon.start(root)) {
            long rssBefore = daemon.rssBytes();
            Path socket = root.resolve("run/signaltty/signaltty.sock");
            List<SocketChannel> channels = Collections.synchronizedList(new ArrayList<>());
            AtomicInteger sent = new AtomicInteger();
            AtomicInteger cut = new AtomicInteger();
            long peak = rssBefore;
            try (RssSampler sampler = new RssSampler(daemon);
                 ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < connections; i++) {
                    pool.submit(() -> {
                        try {
                            SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
                            channels.add(channel);
                            channel.connect(UnixDomainSocketAddress.of(socket));
                            ByteBuffer bytes = ByteBuffer.wrap(flood);
                            while (bytes.hasRemaining()) {
                                channel.write(bytes);
                            }
                            sent.incrementAndGet();
                        } catch (IOException closedByTheDaemon) {
                            cut.incrementAndGet();
                        }
                        return null;
                    });
                }
                pool.shutdown();
                pool.awaitTermination(5, java.util.concurrent.TimeUnit.MINUTES);
                boolean answers;
                try (var client = daemon.connect()) {
                    answers = client.call("ping", Map.of()).path("pong").asBoolean();
                }
                long heapDuring = daemon.liveHeapBytes();
                for (SocketChannel channel : channels) {
                    channel.close();
                }
                Thread.sleep(3000);
                long rssAfter = daemon.rssBytes();
                for (long sample : sampler.stop()) {
                    peak = Math.max(peak, sample);
                }
                System.out.println("| connections x 16 MiB - 100 B | fully sent (held) | cut off (RATE_LIMITED) "
                        + "| RSS before | RSS peak | live heap under attack | RSS after close | answers ping |");
                System.out.println("|---|---|---|---|---|---|---|---|");
                System.out.printf("| %d | %d | %d | %d MiB | %d MiB | %d MiB | %d MiB | %s |%n", connections,
                        sent.get(), cut.get(), rssBefore >> 20, peak >> 20, heapDuring >> 20, rssAfter >> 20,
                        answers ? "yes" : "NO");
                System.out.println("threads peak: " + sampler.maxThreads() + "; daemon alive: " + daemon.isAlive());
            }
        }
    }
}
