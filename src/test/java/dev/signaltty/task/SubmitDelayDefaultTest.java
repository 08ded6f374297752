package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/**
 * The first prompt is written with submit_delay_ms, by default 300 ms between the paste and the Enter
 * — the same delay pane.submit uses (seed R35). The program in the pane times it: in raw mode it notes
 * when the first byte of the paste arrives and prints the gap to the first carriage return.
 */
class SubmitDelayDefaultTest extends TaskDaemonTest {

    private static final String TIMER = String.join("\n",
            "import json, os, socket, sys, time, tty",
            "fd = sys.stdin.fileno()",
            "tty.setraw(fd)",  // before anyone may type: setraw flushes pending input
            "os.write(1, b'armed\\r\\n')",
            "if len(sys.argv) > 1 and sys.argv[1] == 'ready':",
            "    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); s.connect(os.environ['SIGNALTTY_SOCKET'])",
            "    pane = os.environ['SIGNALTTY_PANE']",
            "    s.sendall((json.dumps({'id': 1, 'method': 'hook-event', 'params': {'pane_id': pane, 'agent': 'claude',",
            "        'payload': {'session_id': 'sess-' + pane, 'hook_event_name': 'SessionStart'}}}) + '\\n').encode())",
            "    s.makefile('r').readline(); s.close()",
            "first = None",
            "while True:",
            "    b = os.read(fd, 1)",
            "    now = time.monotonic()",
            "    if first is None:",
            "        first = now",
            "    if b == b'\\r':",
            "        os.write(1, ('\\r\\ngap=%d\\r\\n' % int((now - first) * 1000)).encode())",
            "        break",
            "time.sleep(600)",
            "");

    private static final Pattern GAP = Pattern.compile("gap=(\\d+)");

    private Path timer() throws IOException {
        return Files.writeString(tmp.resolve("timer.py"), TIMER);
    }

    /**
     * The gap the program measured. Its first read can lag the paste on a busy machine (2 shared cores),
     * which only shortens the measured gap, so the lower bound leaves room below 300 while still telling
     * the default apart from no delay or the 50 ms the other task tests use.
     */
    private long gap(String paneId) {
        f.eventuallyOnScreen(paneId, "gap=");
        Matcher m = GAP.matcher(f.screen(paneId));
        assertThat(m.find()).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    void theFirstPromptsEnterFollowsThePasteAfterThreeHundredMillisecondsByDefault() throws IOException { // seed R35
        Map<String, Object> params = f.params("WRITE d.txt x", "work", "stall_timeout_s", 1);
        params.remove("submit_delay_ms");
        params.put("argv", List.of("python3", timer().toString(), "ready"));
        JsonNode started = f.client.call("task.start", params);
        long gap = gap(started.get("pane").get("pane_id").asString());
        assertThat(gap).isBetween(150L, 2000L);
    }

    @Test
    void paneSubmitUsesTheSameDefaultDelay() throws IOException { // seed R35
        String workspace = f.client.call("workspace.create", Map.of("name", "delay", "cwd", tmp.toString()))
                .get("workspace_id").asString();
        String pane = f.client.call("pane.spawn", Map.of("workspace_id", workspace,
                "argv", List.of("python3", timer().toString()))).get("pane_id").asString();
        f.eventuallyOnScreen(pane, "armed");
        Thread.ofVirtual().start(() -> {
            try (var submitter = dev.signaltty.support.ProtocolClient.connect(socket())) {
                submitter.request("pane.submit", Map.of("pane_id", pane, "text", "hello there"));
            }
        });
        long gap = gap(pane);
        assertThat(gap).isBetween(150L, 2000L);
        f.client.call("workspace.close", Map.of("workspace_id", workspace));
    }
}
