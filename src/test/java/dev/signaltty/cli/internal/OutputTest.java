package dev.signaltty.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class OutputTest {

    private String print(String method, Object result, boolean json) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Output.print(method, result, json, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aRecordingSaysItsFileAndWhatWentIntoItNotStoppedStopped() {
        Map<String, Object> started = recording(true, 251, 0, 4, null);
        assertThat(print("pane.record", started, false)).isEqualTo("recording pane p_1 to /rec/p_1.cast"
                + " (at most 67108864 bytes); end it with: signaltty pane record p_1 --stop\n");
        Map<String, Object> stopped = recording(false, 4096, 2350, 12, "stopped");
        assertThat(print("pane.record", stopped, false))
                .isEqualTo("stopped recording pane p_1: /rec/p_1.cast, 4096 bytes over 2.4 s (12 output chunks)\n");
        Map<String, Object> full = recording(false, 2040, 900, 9, "size_limit");
        assertThat(print("pane.record", full, false)).endsWith("(9 output chunks); it had ended: size_limit\n");
        assertThat(print("pane.record", stopped, true)).contains("\"stopped\":\"stopped\"", "\"duration_ms\":2350");
    }

    private static Map<String, Object> recording(boolean on, long bytes, long ms, long events, String stopped) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("pane_id", "p_1");
        r.put("recording", on);
        r.put("path", "/rec/p_1.cast");
        r.put("bytes", bytes);
        r.put("events", events);
        r.put("max_bytes", 67108864L);
        r.put("duration_ms", ms);
        if (stopped != null) {
            r.put("stopped", stopped);
        }
        return r;
    }

    @Test
    void printsTheRawResultWithJson() { // seed R332
        assertThat(print("pane.list", Map.of("panes", List.of()), true)).isEqualTo("{\"panes\":[]}\n");
    }

    @Test
    void printsJustTheTextOfAPaneRead() {
        assertThat(print("pane.read", Map.of("text", "a\nb", "truncated", false), false)).isEqualTo("a\nb\n");
    }

    @Test
    void printsAListResultAsATable() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("workspace_id", "ws_1");
        row.put("name", null);
        String out = print("workspace.list", Map.of("workspaces", List.of(row)), false);
        assertThat(out).isEqualTo("WORKSPACE_ID  NAME\nws_1          -\n");
        assertThat(print("pane.list", Map.of("panes", List.of()), false)).isEqualTo("(none)\n");
    }

    @Test
    void taskWaitForAContextPrintsItsTasksAsTaskListDoes() {
        Map<String, Object> task = new LinkedHashMap<>();
        task.put("task_id", "task_1");
        task.put("state", "completed");
        task.put("objective", "fix it");
        task.put("repo", "/src/api");
        task.put("branch", "signaltty/task_1");
        task.put("pane_id", "pane_1");
        task.put("updated_at", "2026-12-07T19:45:45Z");
        task.put("settings", Map.of("ready_timeout_s", 30.0));
        Map<String, Object> waited = new LinkedHashMap<>();
        waited.put("context_id", "ctx1");
        waited.put("tasks", List.of(task));
        String table = print("task.list", Map.of("tasks", List.of(task)), false);
        assertThat(table).startsWith("TASK_ID  STATE      OBJECTIVE  REPO      BRANCH            PANE_ID  UPDATED_AT\n");
        assertThat(print("task.wait", waited, false)).isEqualTo(table);
    }

    @Test
    void printsAnObjectWithAnEmptyListAsKeyValueLines() {
        Map<String, Object> created = new LinkedHashMap<>();
        created.put("workspace_id", "ws_1");
        created.put("tab_ids", List.of());
        assertThat(print("workspace.create", created, false)).isEqualTo("workspace_id: ws_1\ntab_ids: \n");
    }

    @Test
    void findsIdsAnywhereInAResult() {
        Map<String, Object> result = Map.of("workspace", Map.of("workspace_id", "ws_9", "tab_ids", List.of("tab_1")));
        assertThat(Output.findId(result, "workspace_id", "ws_")).isEqualTo("ws_9");
        assertThat(Output.findId(Map.of("id", "pane_3"), "pane_id", "pane_")).isEqualTo("pane_3");
    }
}
