package dev.signaltty.transport;

import static dev.signaltty.agent.AgentDaemonFixture.askPermission;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/**
 * The event catalog (ADR 0270): {@code schema} lists every event of the seed once with its payload
 * record, and what a real daemon emits while it is driven through workspaces, tabs, panes, agents,
 * notifications, decisions and worktrees matches the listed shape field by field.
 */
class EventCatalogTest {

    @Test
    void everyEmittedEventHasOneCatalogEntryAndItsPayloadMatchesIt(@TempDir Path root) throws Exception {
        TestRepo repo = TestRepo.withReadme(root.resolve("git"));
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.git.watch-interval-ms=200");
             ProtocolClient client = daemon.connect(); ProtocolClient events = daemon.connect();
             ProtocolClient viewer = daemon.connect(); ProtocolClient reporter = daemon.connect()) {
            JsonNode schema = client.call("schema", Map.of());
            Map<String, JsonNode> catalog = new HashMap<>();
            List<String> listed = new ArrayList<>();
            for (JsonNode entry : schema.get("event_payloads")) {
                listed.add(entry.get("name").asString());
                catalog.put(entry.get("name").asString(), entry.get("payload"));
            }
            // seed "Events": every name once, in the seed's order; schema's plain list agrees
            assertThat(listed).containsExactlyElementsOf(EventCatalog.EVENTS);
            assertThat(schema.get("events").valueStream().map(JsonNode::asString).toList())
                    .containsExactlyElementsOf(EventCatalog.EVENTS);

            events.call("subscribe", Map.of("events", List.of("*")));
            drive(client, viewer, reporter, repo);

            Set<String> seen = new LinkedHashSet<>();
            // the driving ends with workspace.closed of the last workspace: everything before it has arrived
            while (true) {
                JsonNode event = events.nextEvent();
                String name = event.get("event").asString();
                seen.add(name);
                JsonNode shape = catalog.get(name);
                assertThat(shape).as("catalog entry for emitted %s", name).isNotNull();
                List<String> problems = new ArrayList<>();
                Shapes.check(event.get("payload"), shape, name, problems);
                assertThat(problems).as("%s payload %s", name, event.get("payload")).isEmpty();
                if (name.equals("workspace.closed") && event.get("payload").get("handle").asString().equals("last")) {
                    break;
                }
            }
            List<String> pty = new ArrayList<>();
            JsonNode data = viewer.nextEvent();
            Shapes.check(data.get("payload"), catalog.get("pty.data"), "pty.data", pty);
            assertThat(data.get("event").asString()).isEqualTo("pty.data");
            assertThat(pty).isEmpty();
            assertThat(seen).contains("workspace.created", "workspace.updated", "workspace.closed",
                    "workspace.turn_started", "tab.created", "tab.updated", "tab.closed", "pane.created",
                    "pane.updated", "pane.exited", "pane.closed", "agent.idle", "agent.working", "agent.blocked",
                    "attention.changed", "attention.cleared", "notification.created", "decision.created",
                    "decision.answered", "decision.cleared", "worktree.changed");
        }
    }

    /** Every kind of state change but tasks (TaskOrchestrationTest drives real workers). */
    private static void drive(ProtocolClient client, ProtocolClient viewer, ProtocolClient reporter, TestRepo repo)
            throws Exception {
        String ws = client.call("workspace.create", Map.of("name", "catalog", "cwd", repo.root.toString()))
                .get("workspace_id").asString();
        client.call("workspace.rename", Map.of("workspace_id", ws, "name", "catalog2"));
        String tab = client.call("tab.create", Map.of("workspace_id", ws, "name", "t")).get("tab_id").asString();
        client.call("tab.rename", Map.of("tab_id", tab, "name", "t2"));
        String pane = client.call("pane.spawn", Map.of("workspace_id", ws, "tab_id", tab,
                "argv", List.of("bash", "--norc", "--noprofile"))).get("pane_id").asString();
        viewer.call("pane.attach", Map.of("pane_id", pane));
        client.call("pane.write", Map.of("pane_id", pane, "data", "echo hi\n"));
        client.call("pane.rename", Map.of("pane_id", pane, "name", "shell"));
        client.call("pane.resize", Map.of("pane_id", pane, "cols", 100, "rows", 30));

        hook(client, pane, "SessionStart", "s1");
        hook(client, pane, "UserPromptSubmit", "s1");
        client.call("notify", Map.of("pane_id", pane, "message", "look"));
        CompletableFuture<JsonNode> answered = askPermission(reporter, pane, "ls", 120);
        ProtocolClient.eventually(Duration.ofSeconds(60),
                () -> client.call("decision.list", Map.of()).get("decisions").size() == 1);
        String decision = client.call("decision.list", Map.of()).get("decisions").get(0).get("decision_id").asString();
        client.call("decision.answer", Map.of("decision_id", decision, "option_id", "allow_once"));
        answered.get(60, TimeUnit.SECONDS);
        CompletableFuture<JsonNode> abandoned = askPermission(reporter, pane, "pwd", 120);
        ProtocolClient.eventually(Duration.ofSeconds(60), () -> client.call("decision.list", Map.of())
                .get("decisions").valueStream().anyMatch(d -> d.get("status").asString().equals("pending")));

        client.call("worktree.create", Map.of("workspace_id", ws, "branch", "feat"));
        client.call("pane.write", Map.of("pane_id", pane, "data", "exit\n"));
        ProtocolClient.eventually(Duration.ofSeconds(60),
                () -> client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("status").asString().equals("exited"));
        client.call("pane.close", Map.of("pane_id", pane));
        abandoned.get(60, TimeUnit.SECONDS); // cleared as pane_exited
        client.call("tab.close", Map.of("tab_id", tab));
        client.call("workspace.close", Map.of("workspace_id", ws));
        String last = client.call("workspace.create", Map.of("name", "last", "cwd", repo.root.toString()))
                .get("workspace_id").asString();
        client.call("workspace.close", Map.of("workspace_id", last));
    }

    /** Checks a JSON value against a {@code schema} type description (TypeDescriber's form). */
    static final class Shapes {

        static void check(JsonNode value, JsonNode type, String at, List<String> problems) {
            check(value, type, at, problems, new HashMap<>());
        }

        private static void check(JsonNode value, JsonNode type, String at, List<String> problems,
                                  Map<String, JsonNode> named) {
            if (type.isString()) {
                String kind = type.asString();
                boolean ok = switch (kind) {
                    case "string" -> value.isString();
                    case "integer" -> value.isIntegralNumber();
                    case "number" -> value.isNumber();
                    case "boolean" -> value.isBoolean();
                    case "any" -> true;
                    case "open_object" -> value.isObject(); // the agents' own JSON (tool_input, native_verdict)
                    default -> {
                        JsonNode ref = named.get(kind); // a recursive use of a named one_of
                        if (ref == null) {
                            problems.add(at + ": unknown type " + kind);
                            yield true;
                        }
                        check(value, ref, at, problems, named);
                        yield true;
                    }
                };
                if (!ok) {
                    problems.add(at + ": expected " + kind + ", got " + value);
                }
                return;
            }
            if (type.has("enum")) {
                if (type.get("enum").valueStream().noneMatch(v -> v.asString().equals(value.asString()))) {
                    problems.add(at + ": " + value + " is not one of " + type.get("enum"));
                }
                return;
            }
            if (type.has("array") && type.size() == 1 && !type.get("array").has("required")) {
                if (!value.isArray()) {
                    problems.add(at + ": expected an array, got " + value);
                    return;
                }
                for (int i = 0; i < value.size(); i++) {
                    check(value.get(i), type.get("array"), at + "[" + i + "]", problems, named);
                }
                return;
            }
            if (type.has("map") && type.size() == 1 && !type.get("map").has("required")) {
                if (!value.isObject()) {
                    problems.add(at + ": expected an object, got " + value);
                    return;
                }
                value.properties().forEach(e -> check(e.getValue(), type.get("map"), at + "." + e.getKey(), problems, named));
                return;
            }
            if (type.has("one_of")) {
                named.put(type.get("name").asString(), type);
                for (JsonNode alternative : type.get("one_of")) {
                    List<String> mine = new ArrayList<>();
                    check(value, alternative, at, mine, named);
                    if (mine.isEmpty()) {
                        return;
                    }
                }
                problems.add(at + ": matches none of " + type.get("name").asString());
                return;
            }
            // a record: field -> {type, required}; no field beyond those described
            if (!value.isObject()) {
                problems.add(at + ": expected an object, got " + value);
                return;
            }
            type.properties().forEach(field -> {
                JsonNode member = value.get(field.getKey());
                if (member == null || member.isNull()) {
                    if (field.getValue().get("required").asBoolean()) {
                        problems.add(at + "." + field.getKey() + ": required, absent");
                    }
                    return;
                }
                check(member, field.getValue().get("type"), at + "." + field.getKey(), problems, named);
            });
            value.propertyNames().forEach(name -> {
                if (!type.has(name)) {
                    problems.add(at + "." + name + ": not in the catalog's record");
                }
            });
        }
    }
}
