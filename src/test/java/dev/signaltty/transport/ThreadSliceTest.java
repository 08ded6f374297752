package dev.signaltty.transport;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;

/**
 * The keystroke path's threads run with a short EEVDF slice (ADR 0890), read back from the kernel's own
 * account of each thread ({@code /proc/self/task/TID/sched}, {@code se.slice}) in a real daemon with a real
 * pane; the emulator threads keep the default (ADR 0730), and the switch turned off makes no call at all.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ThreadSliceTest {

    private static final long SHORT = ThreadSlice.DEFAULT_MICROS * 1000;

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("slice");

    @BeforeAll
    static void needsAKernelWithPerThreadSlices() {
        // the kernel reports se.slice (scheduler debug info) and takes a thread's own slice (6.12+)
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/sched")), "no /proc/thread-self/sched");
        assumeTrue(kernelAtLeast(6, 12), "kernel before 6.12: the slice is a documented no-op there");
    }

    @Test
    void theConnectionAndPtyReaderThreadsOfARealDaemonRunWithTheShortSlice() {
        // a pane that keeps printing keeps its reader's stint going (an idle pane hands its master to the watcher),
        // in chunks over 1 KiB, which go to the emulator threads (smaller ones are emulated on the reader: ADR 0660)
        String pane = daemon.spawnShell("while :; do seq 1 1000; sleep 0.05; done");
        try (ProtocolClient client = daemon.connect()) {
            client.call("ping", Map.of());
            eventually(Duration.ofSeconds(20), () -> {
                Map<String, Long> slices = threadSlices();
                return slices.keySet().stream().anyMatch(name -> name.startsWith("pty-read-"))
                        && slices.keySet().stream().anyMatch(name -> name.startsWith("pty-emulate-"));
            });
            Map<String, Long> slices = threadSlices();
            assertThat(named(slices, name -> name.startsWith("pty-read-"))).as("every pane reader")
                    .isNotEmpty().allSatisfy((name, slice) -> assertThat(slice).as(name).isEqualTo(SHORT));
            assertThat(named(slices, name -> name.startsWith("conn-") && (name.endsWith("-read") || name.endsWith("-write"))))
                    .as("every connection's reader and writer")
                    .hasSizeGreaterThanOrEqualTo(2).allSatisfy((name, slice) -> assertThat(slice).as(name).isEqualTo(SHORT));
            // the floods' threads stay out of it: started from a reader, they do not inherit its slice
            assertThat(named(slices, name -> name.startsWith("pty-emulate-"))).as("the emulator threads")
                    .isNotEmpty().allSatisfy((name, slice) -> assertThat(slice).as(name).isNotEqualTo(SHORT));
        } finally {
            daemon.client().call("pane.close", Map.of("pane_id", pane));
        }
    }

    @Test
    void aRequestedSliceIsReadBackAndNotInheritedByAThreadStartedFromIt() throws Exception {
        AtomicReference<String> seen = new AtomicReference<>();
        Thread thread = Thread.ofPlatform().start(() -> {
            ThreadSlice.Outcome outcome = ThreadSlice.requestMicros(300);
            long own = ownSlice();
            AtomicReference<Long> child = new AtomicReference<>();
            Thread started = Thread.ofPlatform().start(() -> child.set(ownSlice()));
            join(started);
            seen.set(outcome + " " + own + " " + (child.get() == 300_000L ? "inherited" : "default"));
        });
        thread.join(10_000);
        assertThat(seen.get()).isEqualTo("SET 300000 default");
    }

    @Test
    void turnedOffItMakesNoCallAndTheThreadKeepsTheDefault() throws Exception {
        AtomicReference<String> seen = new AtomicReference<>();
        Thread thread = Thread.ofPlatform().start(() -> {
            long before = ownSlice();
            ThreadSlice.Outcome outcome = ThreadSlice.requestMicros(0);
            seen.set(outcome + " " + (ownSlice() == before && before != SHORT ? "unchanged" : "changed to " + ownSlice()));
        });
        thread.join(10_000);
        assertThat(seen.get()).isEqualTo("DISABLED unchanged");
    }

    private static void join(Thread thread) {
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The entries whose thread name (before "#tid") matches. */
    private static Map<String, Long> named(Map<String, Long> slices, Predicate<String> name) {
        Map<String, Long> matching = new TreeMap<>();
        slices.forEach((key, slice) -> {
            if (name.test(key.substring(0, key.lastIndexOf('#')))) {
                matching.put(key, slice);
            }
        });
        return matching;
    }

    /** "comm#tid" (comm: the thread name, cut to 15 characters by the kernel) to se.slice in ns, for every thread of this JVM. */
    private static Map<String, Long> threadSlices() {
        Map<String, Long> slices = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    String name = Files.readString(task.resolve("comm")).strip();
                    slices.put(name + "#" + task.getFileName(), slice(task.resolve("sched")));
                } catch (IOException e) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return slices;
    }

    private static long ownSlice() {
        try {
            return slice(Path.of("/proc/thread-self/sched"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long slice(Path sched) throws IOException {
        return Files.readAllLines(sched).stream().filter(line -> line.startsWith("se.slice"))
                .map(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).strip()))
                .findFirst().orElseThrow(() -> new IOException("no se.slice in " + sched));
    }

    private static boolean kernelAtLeast(int major, int minor) {
        String[] parts = System.getProperty("os.version", "0.0").split("[.-]");
        int ma = Integer.parseInt(parts[0]);
        int mi = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
        return ma > major || ma == major && mi >= minor;
    }
}
