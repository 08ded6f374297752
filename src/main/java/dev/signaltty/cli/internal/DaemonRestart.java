package dev.signaltty.cli.internal;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code server restart}: asks the daemon to exec its new build in place (ADR 0810), waits for the new image, and
 * says which panes' programs ran on through it and which input the old image could not hand over.
 */
final class DaemonRestart {

    private final Path socket;
    private final Path log;
    private final long startDeadlineMs;

    DaemonRestart(Path socket, Path log, long startDeadlineMs) {
        this.socket = socket;
        this.log = log;
        this.startDeadlineMs = startDeadlineMs;
    }

    /** What a restart in place did: the daemon's pid (the same before and after) and what its panes did. */
    record Restarted(long pid, List<String> kept, List<String> notKept, List<String> inputNotWritten) {
    }

    /**
     * The old image's log line for input it accepted but its program had not read when the hand-over's deadline
     * passed (RunningPrograms.INPUT_NOT_WRITTEN, ADR 0850): the queue does not survive the exec, so the restart's
     * output names it. Group 1 the pane, group 2 the bytes.
     */
    private static final Pattern INPUT_NOT_WRITTEN = Pattern.compile(
            "restart hand-over: pane (\\S+): (\\d+) bytes of input accepted before the restart not written");

    /**
     * Asks the daemon to restart in place (ADR 0810) and waits, up to the start deadline, until the new
     * image answers: the same pid with an uptime shorter than the wait, so the old image's last answers
     * are not taken for it. Then compares the running panes before and after: a pane kept running has
     * the same pid and is not {@code restored}.
     */
    Restarted run() {
        Map<String, Object> before;
        long pid;
        long asked;
        long logBefore = logSize();
        try (Client client = Client.connect(socket)) {
            before = runningPanes(client);
            asked = System.nanoTime();
            Object result = client.call("server.restart", Map.of()).orThrow();
            pid = result instanceof Map<?, ?> m && m.get("pid") instanceof Number n ? n.longValue() : -1;
        }
        long deadline = System.nanoTime() + startDeadlineMs * 1_000_000;
        while (System.nanoTime() < deadline) {
            Daemon.sleep(50);
            if (!Client.listening(socket)) {
                continue;
            }
            try (Client client = Client.connect(socket)) {
                Object info = client.call("server.info", Map.of()).orThrow();
                long waited = (System.nanoTime() - asked) / 1_000_000;
                if (info instanceof Map<?, ?> m && m.get("pid") instanceof Number p && p.longValue() == pid
                        && m.get("uptime_ms") instanceof Number up && up.longValue() < waited) {
                    Map<String, Object> after = runningPanes(client);
                    List<String> kept = new ArrayList<>();
                    List<String> notKept = new ArrayList<>();
                    before.forEach((pane, was) -> (was.equals(after.get(pane)) ? kept : notKept).add(pane));
                    return new Restarted(pid, kept, notKept, inputNotWritten(logBefore));
                }
            } catch (CliException e) {
                // the old image closing, or the new one not ready: asked again
            }
        }
        throw new CliException("TIMEOUT", "the restarted daemon (pid " + pid + ") did not answer within "
                + startDeadlineMs / 1000 + " s; see " + log);
    }

    private long logSize() {
        try {
            return Files.size(log);
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    /** "pane: N bytes" for each pane whose queued input the old image could not write before the exec. */
    private List<String> inputNotWritten(long logBefore) {
        List<String> found = new ArrayList<>();
        try (var channel = FileChannel.open(log)) {
            long from = channel.size() < logBefore ? 0 : logBefore; // a log rotated meanwhile is read whole
            // capped: a restart writes a few lines; a log flooded meanwhile is read up to this much
            ByteBuffer text = ByteBuffer.allocate((int) Math.min(channel.size() - from, 4 << 20));
            channel.read(text, from);
            var m = INPUT_NOT_WRITTEN.matcher(new String(text.array(), 0, text.position(),
                    StandardCharsets.UTF_8));
            while (m.find()) {
                found.add(m.group(1) + ": " + m.group(2) + " bytes");
            }
        } catch (java.io.IOException e) {
            found.add("(unknown: " + log + " unreadable: " + e.getMessage() + ")");
        }
        return found;
    }

    /** The running, not restored panes by id, each with its pid. */
    private static Map<String, Object> runningPanes(Client client) {
        Map<String, Object> running = new LinkedHashMap<>();
        Object result = client.call("pane.list", Map.of()).orThrow();
        if (result instanceof Map<?, ?> m && m.get("panes") instanceof List<?> panes) {
            for (Object item : panes) {
                if (item instanceof Map<?, ?> pane && "running".equals(pane.get("status"))
                        && pane.get("restored") == null && pane.get("pid") != null) {
                    running.put(String.valueOf(pane.get("pane_id")), pane.get("pid"));
                }
            }
        }
        return running;
    }

}
