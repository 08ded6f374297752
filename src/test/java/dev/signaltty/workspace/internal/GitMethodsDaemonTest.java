package dev.signaltty.workspace.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.signaltty.transport.EventPayload;
import dev.signaltty.SignalttyApplication;
import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.workspace.TurnStarting;
import dev.signaltty.workspace.internal.git.CheckoutReservations;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/**
 * The git methods through a real daemon socket: file_diff, diff, the worktree methods with their
 * refusals, turn baselines and git.changed.
 */
@SpringBootTest(classes = {SignalttyApplication.class, GitMethodsDaemonTest.Recording.class},
        properties = {"spring.main.keep-alive=false", "signaltty.git.watch-interval-ms=150"})
class GitMethodsDaemonTest {

    @TempDir
    static Path shared;

    @DynamicPropertySource
    static void paths(DynamicPropertyRegistry registry) {
        registry.add("SIGNALTTY_SOCKET", () -> shared.resolve("run/signaltty.sock").toString());
        registry.add("XDG_STATE_HOME", () -> shared.resolve("state").toString());
        registry.add("signaltty.git.config-home", () -> shared.resolve("repos0/home").toString());
    }

    /** Records journaled events so the test can see them (the journal is not under test here). */
    @TestConfiguration
    static class Recording {
        @Bean
        @Primary
        RecordingEventLog recordingEventLog() {
            return new RecordingEventLog();
        }
    }

    record Recorded(long seq, String event, Object payload) {
    }

    static final class RecordingEventLog implements EventLog {
        final AtomicLong seq = new AtomicLong();
        final List<Recorded> events = new ArrayList<>();

        @Override
        public synchronized long append(EventPayload payload) {
            long s = seq.incrementAndGet();
            // as the wire has it: the fields, snake_case
            events.add(new Recorded(s, payload.event(), ProtocolJson.MAPPER.convertValue(payload, Map.class)));
            return s;
        }

        @Override
        public long nextTransientSeq() {
            return seq.incrementAndGet();
        }

        synchronized List<Recorded> named(String event) {
            return events.stream().filter(e -> e.event().equals(event)).toList();
        }
    }

    @Autowired
    RecordingEventLog log;
    @Autowired
    ApplicationEventPublisher publisher;
    @Autowired
    CheckoutReservations reservations;

    @TempDir
    Path tmp;

    TestRepo repo;
    SocketChannel channel;
    int nextId;

    @BeforeEach
    void setUp() throws IOException {
        Path home = shared.resolve("repos0/home");
        Files.createDirectories(home);
        repo = TestRepo.init(tmp);
        repo.write("README", "hello\n");
        repo.write("src/app.txt", "one\ntwo\nthree\n");
        repo.commitAll("init");
        channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(UnixDomainSocketAddress.of(shared.resolve("run/signaltty.sock")));
    }

    @AfterEach
    void tearDown() throws IOException {
        channel.close();
    }

    JsonNode call(String method, Map<String, Object> params) {
        try {
            Map<String, Object> request = Map.of("id", ++nextId, "method", method, "params", params);
            channel.write(ByteBuffer.wrap((ProtocolJson.MAPPER.writeValueAsString(request) + "\n")
                    .getBytes(StandardCharsets.UTF_8)));
            java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
            ByteBuffer one = ByteBuffer.allocate(1);
            while (true) {
                one.clear();
                if (channel.read(one) < 0) {
                    throw new IOException("daemon closed the connection");
                }
                if (one.get(0) == '\n') {
                    JsonNode node = ProtocolJson.MAPPER.readTree(line.toByteArray());
                    if (node.path("type").asString("").equals("event")) {
                        line.reset();
                        continue;
                    }
                    return node;
                }
                line.write(one.get(0));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    JsonNode ok(String method, Map<String, Object> params) {
        JsonNode response = call(method, params);
        assertThat(response.path("ok").asBoolean()).as(method + " → " + response).isTrue();
        return response.path("result");
    }

    JsonNode error(String method, Map<String, Object> params) {
        JsonNode response = call(method, params);
        assertThat(response.path("ok").asBoolean()).as(method + " → " + response).isFalse();
        return response.path("error");
    }

    String workspace(Path cwd) {
        return ok("workspace.create", Map.of("cwd", cwd.toString())).path("workspace_id").asString();
    }

    Recorded awaitEvent(String event, Predicate<Recorded> match) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < until) {
            for (Recorded r : log.named(event)) {
                if (match.test(r)) {
                    return r;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no " + event + " within 10 s; got " + log.named(event));
    }

    // seed R248, seed R249, seed R265, seed R270, seed R271, seed R272, seed R273
    @Test
    void servesFileDiffByHandleWithSnakeCaseHunksAndNoEvent() {
        String id = workspace(repo.root);
        String handle = ok("workspace.get", Map.of("workspace_id", id)).path("handle").asString();
        repo.write("src/app.txt", "one\nTWO\nthree\n");
        int eventsBefore = log.events.size();

        JsonNode result = ok("workspace.file_diff", Map.of("workspace_id", handle, "path", "src/app.txt"));

        assertThat(result.path("workspace_id").asString()).isEqualTo(id);
        JsonNode content = result.path("content");
        assertThat(content.path("kind").asString()).isEqualTo("text");
        assertThat(content.path("truncated").asBoolean()).isFalse();
        assertThat(content.has("notice")).isFalse();
        JsonNode hunk = content.path("hunks").get(0);
        assertThat(hunk.path("old_start").asInt()).isEqualTo(1);
        assertThat(hunk.path("new_count").asInt()).isEqualTo(3);
        JsonNode added = hunk.path("lines").get(2);
        assertThat(added.path("kind").asString()).isEqualTo("added");
        assertThat(added.path("text").asString()).isEqualTo("TWO");
        assertThat(added.path("new_line").asInt()).isEqualTo(2);
        assertThat(added.has("old_line")).isFalse();
        assertThat(log.events.size()).isEqualTo(eventsBefore);
    }

    // seed R250, seed R253, seed R254
    @Test
    void answersBadPathsWithBadParamsNamingThePath() {
        String id = workspace(repo.root);
        for (String bad : List.of("", "/etc/passwd", "src/../README", ".git/config")) {
            JsonNode error = error("workspace.file_diff", Map.of("workspace_id", id, "path", bad));
            assertThat(error.path("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(error.path("details").path("field").asString()).isEqualTo("path");
        }
    }

    @Test
    void aWorkspaceOutsideAnyCheckoutIsRefusedNamingTheFieldAndItsDirectory() throws Exception {
        Path plain = java.nio.file.Files.createDirectories(tmp.resolve("not-a-checkout"));
        String id = workspace(plain);
        JsonNode error = error("workspace.diff", Map.of("workspace_id", id));
        assertThat(error.path("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(error.path("details").path("field").asString()).isEqualTo("workspace_id");
        // the message starts with the field, as every other BAD_PARAMS does (the CLI prints it as it is)
        assertThat(error.path("message").asString()).startsWith("workspace_id: ").contains(plain.toString())
                .contains("not inside a git checkout");
    }

    // seed R277
    @Test
    void summarizesTheCheckoutWithUntrackedFilesOutsideTheTotals() {
        String id = workspace(repo.root);
        repo.write("src/app.txt", "one\n");
        repo.write("new.txt", "a\nb\n");

        JsonNode result = ok("workspace.diff", Map.of("workspace_id", id));

        assertThat(result.path("added").asInt()).isZero();
        assertThat(result.path("removed").asInt()).isEqualTo(2);
        assertThat(result.path("files").size()).isEqualTo(2);
        assertThat(result.path("files").get(1).path("status").asString()).isEqualTo("untracked");
    }

    // seed R140, seed R141, seed R142, seed R143, seed R144, seed R145, seed R146, seed R147, seed R290, seed R291,
    // seed R292, seed R293
    @Test
    void createsOpensAndRemovesAWorktreeWithEveryRefusalOnTheWay() throws Exception {
        String source = workspace(repo.root);

        JsonNode created = ok("worktree.create", Map.of("workspace_id", source, "branch", "feat"));
        String path = created.path("worktree").path("path").asString();
        String wtWorkspace = created.path("workspace").path("workspace_id").asString();
        assertThat(path).endsWith("repo-feat");
        assertThat(log.named("worktree.changed")).extracting(Recorded::payload)
                .contains(Map.of("operation", "create", "path", path, "workspace_id", source));

        JsonNode list = ok("worktree.list", Map.of("workspace_id", source)).path("worktrees");
        assertThat(list.size()).isEqualTo(2);
        assertThat(list.get(1).path("workspace_ids").get(0).asString()).isEqualTo(wtWorkspace);

        // Reopening the associated workspace is a no-op (R293).
        int changesBefore = log.named("worktree.changed").size();
        JsonNode reopened = ok("worktree.open", Map.of("workspace_id", source, "path", path));
        assertThat(reopened.path("created").asBoolean()).isFalse();
        assertThat(reopened.path("workspace").path("workspace_id").asString()).isEqualTo(wtWorkspace);
        assertThat(log.named("worktree.changed")).hasSize(changesBefore);

        // Open workspace → BAD_PARAMS (R144).
        assertThat(error("worktree.remove", Map.of("workspace_id", source, "path", path))
                .path("details").path("reason").asString()).isEqualTo("open");
        ok("workspace.close", Map.of("workspace_id", wtWorkspace));

        // A live pane whose cwd reaches the worktree through a symlink → PANES_ALIVE (R145).
        Files.createDirectories(Path.of(path).resolve("sub"));
        Path alias = Files.createSymbolicLink(tmp.resolve("alias"), Path.of(path));
        Path sibling = Files.createDirectories(Path.of(path + "-other"));
        String inside = ok("pane.spawn", Map.of("workspace_id", source, "cwd", alias.resolve("sub").toString(),
                "argv", List.of("sleep", "60"))).path("pane_id").asString();
        String beside = ok("pane.spawn", Map.of("workspace_id", source, "cwd", sibling.toString(),
                "argv", List.of("sleep", "60"))).path("pane_id").asString();
        JsonNode alive = error("worktree.remove", Map.of("workspace_id", source, "path", path));
        assertThat(alive.path("code").asString()).isEqualTo("PANES_ALIVE");
        assertThat(alive.path("details").path("pane_ids").toString()).contains(inside).doesNotContain(beside);
        ok("pane.close", Map.of("pane_id", inside));

        // Dirty → BAD_PARAMS; main → BAD_PARAMS (R146).
        Files.writeString(Path.of(path).resolve("sub/wip.txt"), "wip\n");
        assertThat(error("worktree.remove", Map.of("workspace_id", source, "path", path))
                .path("details").path("reason").asString()).isEqualTo("dirty");
        Files.delete(Path.of(path).resolve("sub/wip.txt"));
        assertThat(error("worktree.remove", Map.of("workspace_id", source, "path", repo.root.toString()))
                .path("code").asString()).isEqualTo("BAD_PARAMS");

        JsonNode removed = ok("worktree.remove", Map.of("workspace_id", source, "path", path));
        assertThat(removed.path("branch").asString()).isEqualTo("feat");
        assertThat(Path.of(path)).doesNotExist();
        assertThat(repo.git("branch", "--list", "feat")).contains("feat");
        assertThat(log.named("worktree.changed")).extracting(Recorded::payload)
                .contains(Map.of("operation", "remove", "path", path, "workspace_id", source));
        ok("pane.close", Map.of("pane_id", beside));
    }

    // seed R147
    @Test
    void refusesWorkspaceCreationAndPaneLaunchIntoACheckoutBeingRemoved() throws Exception {
        String source = workspace(repo.root);
        Path wt = Path.of(ok("worktree.create", Map.of("workspace_id", source, "branch", "race", "open", false))
                .path("worktree").path("path").asString());

        try (CheckoutReservations.Removal removal = reservations.reserveRemoval(wt, "path")) {
            assertThat(error("workspace.create", Map.of("cwd", wt.toString())).path("details").path("field").asString())
                    .isEqualTo("cwd");
            assertThat(error("pane.spawn", Map.of("workspace_id", source, "cwd", wt.toString(),
                    "argv", List.of("true"))).path("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(error("worktree.open", Map.of("workspace_id", source, "path", wt.toString()))
                    .path("code").asString()).isEqualTo("BAD_PARAMS");
        }
        ok("worktree.remove", Map.of("workspace_id", source, "path", wt.toString()));
    }

    // seed R286, seed R287, seed R288, seed R289
    @Test
    void recordsATurnBaselineAndDiffsTheTurnWithoutTouchingTheIndex() throws Exception {
        String id = workspace(repo.root);
        repo.write("README", "user edit before the turn\n");
        byte[] index = repo.indexBytes();
        Instant started = Instant.parse("2026-11-30T04:00:00Z");

        publisher.publishEvent(new TurnStarting(id, "pane_fake", started));
        Recorded turn = awaitEvent("workspace.turn_started", r -> r.payload().toString().contains(id));
        assertThat(turn.payload()).isEqualTo(Map.of("workspace_id", id, "pane_id", "pane_fake",
                "started_at", started.toString()));

        repo.write("src/app.txt", "one\ntwo\nthree\nfour\n");
        repo.write("agent.txt", "made by the agent\n");
        JsonNode summary = ok("workspace.turn_diff", Map.of("workspace_id", id));
        assertThat(summary.path("pane_id").asString()).isEqualTo("pane_fake");
        assertThat(summary.path("files").toString()).contains("src/app.txt", "agent.txt").doesNotContain("README");
        JsonNode one = ok("workspace.turn_diff", Map.of("workspace_id", id, "path", "src/app.txt"));
        assertThat(one.path("content").path("hunks").get(0).path("lines").toString()).contains("\"four\"");
        assertThat(repo.indexBytes()).isEqualTo(index);
    }

    @Test
    void reportsAFailedCaptureThroughTheTurnDiff() throws Exception {
        Path plain = Files.createDirectories(shared.resolve("plain-" + System.nanoTime()));
        String id = workspace(plain);

        publisher.publishEvent(new TurnStarting(id, "pane_fake", Instant.now()));
        awaitEvent("workspace.turn_started", r -> r.payload().toString().contains(id));

        assertThat(error("workspace.turn_diff", Map.of("workspace_id", id)).path("code").asString()).isEqualTo("IO_ERROR");
    }

    @Test
    void emitsGitChangedWhenTheCheckoutStatusChanges() throws Exception {
        String id = workspace(repo.root);

        // Toggle between dirty and clean: whichever state the watcher saw first, a later tick differs.
        long until = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        boolean dirty = false;
        while (log.named("git.changed").stream().noneMatch(r -> r.payload().toString().contains(id))
                && System.nanoTime() < until) {
            dirty = !dirty;
            repo.write("src/app.txt", dirty ? "changed\n" : "one\ntwo\nthree\n");
            Thread.sleep(500);
        }

        Recorded changed = awaitEvent("git.changed", r -> r.payload().toString().contains(id));
        assertThat(changed.payload().toString()).contains("workspace_id=" + id, "branch=main", "path=" + repo.root);
        ok("workspace.close", Map.of("workspace_id", id));
    }
}
