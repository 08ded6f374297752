package dev.signaltty.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The soak's clients, each run on its own virtual thread: request loops, pane readers that check
 * {@code output_offset} continuity, journal subscribers that check they see every notification, and the
 * notifiers whose 4 KiB {@code notification.created} events give the journal stream enough bytes for a
 * stalled subscriber to pass the connection's event cap.
 */
final class SoakStreams {

    /** Each notification's message: 4 KiB (notify's maximum), so ~8,400 of them exceed the 32 MiB cap. */
    static final String PADDING = "x".repeat(4096);

    private SoakStreams() {
    }

    /** What one reader got: bytes (or events) read, and whether the server closed it for lag. */
    record Reading(String who, long bytes, long events, boolean closedForLag) {
    }

    /** A request loop paced like an agent polling; every call must be answered with its expected result. */
    static void requests(ProtocolClient client, String workspace, int n, long deadline, long paceNanos,
                         AtomicLong answered, AtomicLong slowest) {
        int i = 0;
        while (System.nanoTime() < deadline || i == 0) {
            long start = System.nanoTime();
            switch (i++ % 4) {
                case 0 -> client.call("ping", Map.of());
                case 1 -> client.call("pane.list", Map.of());
                case 2 -> client.call("workspace.get", Map.of("workspace_id", workspace));
                default -> assertThat(client.errorCode("pane.get", Map.of("pane_id", "p-missing-" + n))).isEqualTo("NO_SUCH_PANE");
            }
            slowest.accumulateAndGet(System.nanoTime() - start, Math::max);
            answered.incrementAndGet();
            LockSupport.parkNanos(paceNanos);
        }
    }

    /** Sends {@code notify} until the deadline or {@code max} of them; {@code acked} holds the last acknowledged. */
    static void notifies(ProtocolClient client, int k, long deadline, int max, AtomicLongArray acked, AtomicLong answered) {
        for (int n = 1; n <= max && System.nanoTime() < deadline; n++) {
            JsonNode notification = client.call("notify", Map.of("message", message(k, n)));
            assertThat(notification.get("notification_id").asString()).isNotBlank();
            acked.set(k, n);
            answered.incrementAndGet();
        }
    }

    static String message(int k, int n) {
        String head = "n" + k + "-" + n + "-";
        return head + PADDING.substring(head.length());
    }

    /** Reads one pane's pty.data until the deadline; a gap or overlap in offsets is a failure. */
    static Reading readPane(ProtocolClient viewer, String pane, long start, long deadline, Queue<String> failures) {
        long offset = start;
        long events = 0;
        try {
            while (System.nanoTime() < deadline) {
                JsonNode event = viewer.nextEvent();
                JsonNode payload = event.get("payload");
                if (!"pty.data".equals(event.get("event").asString()) || !pane.equals(payload.get("pane_id").asString())) {
                    continue;
                }
                int length = Base64.getDecoder().decode(payload.get("data_b64").asString()).length;
                long end = payload.get("output_offset").asLong();
                if (end - length != offset) {
                    failures.add(pane + ": gap or overlap at " + offset + " (next chunk ends " + end + ", " + length + " bytes)");
                    break;
                }
                offset = end;
                events++;
            }
        } catch (AssertionError e) {
            // "connection closed by the server": it fell behind the cap (the machine starved it)
            return new Reading(pane, offset - start, events, true);
        } catch (RuntimeException e) {
            failures.add(pane + " reader: " + e);
        }
        return new Reading(pane, offset - start, events, false);
    }

    /**
     * Reads the journal stream until {@code done} says every notifier has finished and this subscriber
     * has seen each one's last notification. Seqs must increase; each notifier's messages must arrive
     * one by one with none skipped (a lost event would skip a number).
     */
    static Reading readJournal(ProtocolClient subscriber, String who, AtomicLongArray acked,
                               BooleanSupplier done, Duration overall, Queue<String> failures) {
        long hardDeadline = System.nanoTime() + overall.toNanos();
        long last = -1;
        long bytes = 0;
        long events = 0;
        long[] seen = new long[acked.length()];
        try {
            while (!(done.getAsBoolean() && caughtUp(seen, acked))) {
                if (System.nanoTime() > hardDeadline) {
                    failures.add(who + ": saw notifications " + java.util.Arrays.toString(seen) + " of " + acked + " within " + overall);
                    break;
                }
                JsonNode event = subscriber.nextEvent();
                events++;
                long seq = event.get("seq").asLong();
                if (seq <= last) {
                    failures.add(who + ": seq " + seq + " after " + last);
                    break;
                }
                last = seq;
                if (!"notification.created".equals(event.get("event").asString())) {
                    continue;
                }
                String message = event.get("payload").get("message").asString();
                bytes += message.length();
                int dash = message.indexOf('-');
                int k = Integer.parseInt(message.substring(1, dash));
                long n = Long.parseLong(message.substring(dash + 1, message.indexOf('-', dash + 1)));
                if (n != seen[k] + 1) {
                    failures.add(who + ": notifier " + k + " went from " + seen[k] + " to " + n);
                    break;
                }
                seen[k] = n;
            }
        } catch (AssertionError e) {
            return new Reading(who, bytes, events, true);
        } catch (RuntimeException e) {
            failures.add(who + ": " + e);
        }
        return new Reading(who, bytes, events, false);
    }

    private static boolean caughtUp(long[] seen, AtomicLongArray acked) {
        for (int k = 0; k < seen.length; k++) {
            if (seen[k] < acked.get(k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads each stream (all at once) until the server ends it; per stream the bytes read, or -1 if it
     * did not end within {@code timeout} (then it is closed here).
     */
    static List<Long> drainToEnd(List<ProtocolClient> streams, Duration timeout) throws InterruptedException {
        List<AtomicLong> bytes = new ArrayList<>();
        List<Thread> readers = new ArrayList<>();
        for (ProtocolClient stream : streams) {
            AtomicLong read = new AtomicLong();
            bytes.add(read);
            readers.add(Thread.ofVirtual().start(() -> {
                try {
                    String line;
                    while ((line = stream.readRawLine()) != null) {
                        read.addAndGet(line.length() + 1); // what was sent before the close, discarded
                    }
                } catch (RuntimeException closedUnderUs) {
                    read.set(-1); // the test gave up on it and closed it
                }
            }));
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Long> result = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) {
            long left = Math.max(1, deadline - System.nanoTime());
            if (!readers.get(i).join(Duration.ofNanos(left))) {
                streams.get(i).close();
                readers.get(i).join(Duration.ofSeconds(5));
                result.add(-1L);
            } else {
                result.add(bytes.get(i).get());
            }
        }
        return result;
    }
}
