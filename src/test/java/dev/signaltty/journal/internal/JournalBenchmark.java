package dev.signaltty.journal.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import dev.signaltty.transport.ProtocolJson;

/**
 * Journaled events per second: the journal (sync before publish, group commit) against a naive
 * journal that writes and syncs each event alone, in the same run, on the same disk. Not a test: run
 * it with {@code bench/journal-throughput.sh}. Arguments: {@code [seconds] [appenders...]}.
 */
public final class JournalBenchmark {

    interface Appender {
        void append(String event, Map<String, ?> payload) throws IOException;
    }

    /** One write and one sync per event, under one lock: what group commit replaces. */
    static final class NaiveJournal implements AutoCloseable {
        private final FileChannel channel;
        private final ReentrantLock lock = new ReentrantLock();
        private final Ring ring = new Ring(0);
        private long seq;

        NaiveJournal(Path file) throws IOException {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND);
        }

        void append(String event, Map<String, ?> payload) throws IOException {
            lock.lock();
            try {
                AuditRecord record = new AuditRecord(++seq, event, ProtocolJson.MAPPER.valueToTree(payload),
                        Instant.now());
                channel.write(ByteBuffer.wrap(record.toLine()));
                channel.force(true);
                ring.add(record);
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    record Result(String name, int appenders, long events, double seconds, long syncs, double p50ms, double p99ms) {
        double perSecond() {
            return events / seconds;
        }
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int[] appenders = args.length > 1
                ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {1, 16, 64, 256};
        Path base = Files.createTempDirectory(Path.of(System.getProperty("bench.dir", "target")), "journal-bench");
        List<Result> results = new ArrayList<>();
        for (int n : appenders) {
            Path dir = Files.createDirectories(base.resolve("journal-" + n));
            try (Journal journal = new Journal(dir, new Durability(), false, cause -> {
                throw new IllegalStateException(cause);
            })) {
                run(1, n, (event, payload) -> journal.append(TestEvent.of(event, payload))); // warm-up
                long syncsBefore = journal.commitCount();
                Result r = run(seconds, n, (event, payload) -> journal.append(TestEvent.of(event, payload)));
                results.add(new Result("journal (group commit, sync before publish)", n, r.events(), r.seconds(),
                        journal.commitCount() - syncsBefore, r.p50ms(), r.p99ms()));
            }
            Path naiveDir = Files.createDirectories(base.resolve("naive-" + n));
            try (NaiveJournal naive = new NaiveJournal(naiveDir.resolve("audit.jsonl"))) {
                run(1, n, naive::append);
                Result r = run(seconds, n, naive::append);
                results.add(new Result("naive (one fsync per event)", n, r.events(), r.seconds(), r.events(),
                        r.p50ms(), r.p99ms()));
            }
        }
        System.out.println("| journal | appenders | events | events/s | events per sync | append p50 ms | append p99 ms |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (Result r : results) {
            System.out.printf("| %s | %d | %d | %.0f | %.1f | %.2f | %.2f |%n", r.name(), r.appenders(), r.events(),
                    r.perSecond(), (double) r.events() / Math.max(1, r.syncs()), r.p50ms(), r.p99ms());
        }
        System.out.printf("%nJDK %s, %d cores, state on %s%n", Runtime.version(),
                Runtime.getRuntime().availableProcessors(), Files.getFileStore(base).type());
        try (var walk = Files.walk(base)) {
            for (Path path : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    static Result run(int seconds, int appenders, Appender appender) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong events = new AtomicLong();
        long[][] latencies = new long[appenders][];
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> futures = new ArrayList<>();
            long start = System.nanoTime();
            for (int t = 0; t < appenders; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    long[] mine = new long[1 << 16];
                    int count = 0;
                    Map<String, Object> payload = Map.of("pane_id", "pane_" + thread, "state", "working",
                            "task_id", "task_bench");
                    while (!stop.get()) {
                        long t0 = System.nanoTime();
                        appender.append("agent.working", payload);
                        mine[count++ & (mine.length - 1)] = System.nanoTime() - t0;
                        events.incrementAndGet();
                    }
                    latencies[thread] = Arrays.copyOf(mine, Math.min(count, mine.length));
                    return null;
                }));
            }
            Thread.sleep(seconds * 1000L);
            stop.set(true);
            for (Future<?> future : futures) {
                future.get();
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            long[] all = Arrays.stream(latencies).flatMapToLong(Arrays::stream).sorted().toArray();
            double p50 = all.length == 0 ? 0 : all[all.length / 2] / 1e6;
            double p99 = all.length == 0 ? 0 : all[(int) (all.length * 0.99)] / 1e6;
            return new Result("", appenders, events.get(), elapsed, 0, p50, p99);
        }
    }
}
