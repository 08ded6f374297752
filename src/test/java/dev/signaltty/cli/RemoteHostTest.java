package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.cli.internal.Json;
import dev.signaltty.cli.internal.Output;

/**
 * {@code --host} through a real OpenSSH server on loopback: the "remote" machine is a second daemon
 * with its own XDG dirs, reached only through ssh (issue 22).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteHostTest {

    Path temp;

    CliHarness local;
    CliHarness remote;
    TestSshd box;
    Path sshConfig;
    Path command;
    Map<String, String> viaSsh;

    @BeforeAll
    void startHosts(@TempDir Path temp) throws Exception {
        this.temp = temp;
        local = new CliHarness(Files.createDirectories(temp.resolve("local")));
        remote = new CliHarness(Files.createDirectories(temp.resolve("remote")));
        // The "remote" machine shares this one's loopback: its dashboard binds 127.0.0.2, so the forward
        // of the same port number to 127.0.0.1 here is free, as it is between two real machines.
        Path remoteConfig = Files.createDirectories(Path.of(remote.environment().get("XDG_CONFIG_HOME"), "signaltty"));
        Files.writeString(remoteConfig.resolve("config.yml"), "signaltty:\n  web:\n    address: 127.0.0.2\n");
        Path ssh = Files.createDirectories(temp.resolve("ssh"));
        Files.setPosixFilePermissions(ssh, PosixFilePermissions.fromString("rwx------"));
        sshConfig = ssh.resolve("config");
        command = TestSshd.remoteCommand(ssh);
        box = TestSshd.start(temp.resolve("sshd"), "box", remote.environment(), sshConfig);
        viaSsh = Map.of("SIGNALTTY_SSH_CONFIG", sshConfig.toString());
        Run added = local.run(viaSsh, "", "hosts", "add", "box", "box", "--command", command.toString());
        assertThat(added.status()).as(added.toString()).isZero();
    }

    @AfterAll
    void stopHosts() {
        local.run(viaSsh, "", "hosts", "remove", "box");
        box.close();
        remote.close();
        local.close();
    }

    @Test
    void aCommandRunsAgainstTheRemoteDaemonStartedOnDemand() {
        Run created = local.run(viaSsh, "", "--host", "box", "new", "remote-ws", "--", "bash");
        assertThat(created.status()).as(created.toString()).isZero();
        String pane = created.out().lines().filter(l -> l.startsWith("pane ")).findFirst().orElseThrow().substring(5);

        // It is the remote machine's daemon that has the pane: asked there directly, without ssh.
        Run there = remote.run("pane", "get", pane, "--json");
        assertThat(there.status()).as(there.toString()).isZero();
        // The local machine has no daemon at all.
        Run here = local.run(Map.of(), "", "--no-start", "pane", "list", "--json");
        if (here.status() == 0) {
            assertThat(here.out()).doesNotContain(pane); // another test started a local daemon
        } else {
            assertThat(here.err()).contains("NO_SUCH_SERVER");
        }

        Run write = local.run(viaSsh, "", "pane", "write", pane, "--data", "echo from-afar-$((6*7))\n", "--host", "box");
        assertThat(write.status()).as(write.toString()).isZero();
        Run waited = local.run(viaSsh, "", "--host", "box", "pane", "wait-output", pane, "from-afar-42", "--timeout", "60");
        assertThat(waited.status()).as(waited.toString()).isZero();

        Run status = local.run(viaSsh, "", "--host", "box", "server", "status", "--json");
        assertThat(status.status()).as(status.toString()).isZero();
        assertThat(CliHarness.json(status).get("socket")).isEqualTo(remote.socket().toString());
    }

    @Test
    void aDecisionOfAnAgentOnTheRemoteHostIsAnsweredFromThisHostsCli() throws Exception {
        Run created = local.run(viaSsh, "", "--host", "box", "new", "agents", "--", "bash");
        assertThat(created.status()).as(created.toString()).isZero();
        String pane = created.out().lines().filter(l -> l.startsWith("pane ")).findFirst().orElseThrow().substring(5);
        // The agent's hook runs on the remote machine and blocks until someone answers.
        String payload = Json.write(Map.of("session_id", "s-remote", "hook_event_name", "PermissionRequest",
                "cwd", "/tmp", "tool_name", "Bash", "tool_input", Map.of("command", "make deploy"),
                "tool_use_id", "toolu_remote1"));
        Map<String, String> hookEnv = new HashMap<>(Map.of("SIGNALTTY_PANE", pane));
        ProcessBuilder hookBuilder = remote.builder(CliHarness.javaCommand("hook-event", "--agent", "claude",
                "--wait-for-answer"), hookEnv);
        Path verdict = temp.resolve("verdict.json");
        Process hook = hookBuilder.redirectOutput(verdict.toFile()).redirectErrorStream(false).start();
        try (var in = hook.getOutputStream()) {
            in.write(payload.getBytes(StandardCharsets.UTF_8));
        }

        String decision = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (decision == null && System.nanoTime() < deadline) {
            Run list = local.run(viaSsh, "", "--host", "box", "decision", "list", "--json");
            assertThat(list.status()).as(list.toString()).isZero();
            decision = dev.signaltty.cli.internal.Output.findId(CliHarness.json(list), "decision_id", "dec_");
            if (decision == null) {
                Thread.sleep(200);
            }
        }
        assertThat(decision).as("a pending decision on the remote host").isNotNull();
        Run answered = local.run(viaSsh, "", "--host", "box", "decision", "answer", decision, "allow_once");
        assertThat(answered.status()).as(answered.toString()).isZero();

        assertThat(hook.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readString(verdict)).contains("allow");
    }

    @Test
    void allHostsLabelsEachHostsAnswer() {
        Run local1 = local.run("new", "here", "--", "bash");
        assertThat(local1.status()).as(local1.toString()).isZero();
        Run all = local.run(viaSsh, "", "--all-hosts", "attention", "--json");
        assertThat(all.status()).as(all.toString()).isZero();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> hosts = (List<Map<String, Object>>) CliHarness.json(all).get("hosts");
        assertThat(hosts).extracting(h -> h.get("host")).containsExactly("local", "box");
        assertThat(hosts).allSatisfy(h -> assertThat(h.get("ok")).isEqualTo(true));

        Run mutating = local.run(viaSsh, "", "--all-hosts", "pane", "close", "x");
        assertThat(mutating.status()).isNotZero();
        assertThat(mutating.err()).contains("--all-hosts").contains("read-only");
    }

    /**
     * {@code --all-hosts ls}: each host's tree under its heading, a host that cannot be reached named with its
     * error while the others are still shown, exit status 1 for the partial answer; {@code --json}: each host's
     * tree (ls --json's shape) in the hosts array.
     */
    @Test
    @SuppressWarnings("unchecked")
    void allHostsLsShowsEachHostsTreeAndNamesAnUnreachableOne() throws Exception {
        assertThat(local.run("new", "tree-here", "--", "sleep", "300").status()).isZero();
        assertThat(remote.run("new", "tree-there", "--", "sleep", "300").status()).isZero();
        int closed;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort(); // nothing listens there once it is closed: ssh is refused at once
        }
        Run added = local.run(viaSsh, "", "hosts", "add", "gone", "127.0.0.1:" + closed);
        assertThat(added.status()).as(added.toString()).isZero();
        try {
            Run text = local.run(viaSsh, "", "--all-hosts", "ls");
            assertThat(text.status()).as(text.toString()).isEqualTo(1);
            List<String> lines = text.out().lines().toList();
            int here = lines.indexOf("== local");
            int box = lines.indexOf("== box");
            int gone = lines.indexOf("== gone");
            assertThat(here).as(text.toString()).isZero();
            assertThat(box).as(text.toString()).isGreaterThan(here);
            assertThat(gone).as(text.toString()).isGreaterThan(box);
            assertThat(lines.subList(here, box)).as(text.toString()).anyMatch(l -> l.startsWith("tree-here  ws_"))
                    .noneMatch(l -> l.startsWith("tree-there")).anyMatch(l -> l.contains(" running  sleep 300"))
                    .anyMatch(l -> l.matches("\\d+ workspaces?, \\d+ panes?.*"));
            assertThat(lines.subList(box, gone)).as(text.toString()).anyMatch(l -> l.startsWith("tree-there  ws_"))
                    .noneMatch(l -> l.startsWith("tree-here"));
            assertThat(lines.subList(gone + 1, lines.size())).as(text.toString()).singleElement().asString()
                    .startsWith("NO_SUCH_SERVER: host gone").contains("unreachable");

            Run json = local.run(viaSsh, "", "--json", "--all-hosts", "ls");
            assertThat(json.status()).as(json.toString()).isEqualTo(1);
            List<Map<String, Object>> hosts = (List<Map<String, Object>>) CliHarness.json(json).get("hosts");
            assertThat(hosts).extracting(h -> h.get("host")).containsExactly("local", "box", "gone");
            for (int i = 0; i < 2; i++) {
                assertThat(hosts.get(i).get("ok")).as(json.toString()).isEqualTo(true);
                List<Map<String, Object>> workspaces = (List<Map<String, Object>>) ((Map<String, Object>) hosts.get(i)
                        .get("result")).get("workspaces");
                assertThat(workspaces).extracting(w -> w.get("name")).contains(i == 0 ? "tree-here" : "tree-there")
                        .doesNotContain(i == 0 ? "tree-there" : "tree-here");
                assertThat(workspaces).allSatisfy(w -> assertThat(w).containsKeys("workspace_id", "handle", "tabs"));
            }
            assertThat(hosts.get(2).get("ok")).isEqualTo(false);
            assertThat((Map<String, Object>) hosts.get(2).get("error")).containsEntry("code", "NO_SUCH_SERVER");
        } finally {
            local.run(viaSsh, "", "hosts", "remove", "gone");
        }
    }

    @Test
    void theHostGoingAwayIsNamedAndEventsResumeWhenItIsBack() throws Exception {
        assertThat(local.run(viaSsh, "", "--host", "box", "server", "start").status()).isZero();
        Path events = temp.resolve("events.out");
        Path notices = temp.resolve("events.err");
        Map<String, String> env = new HashMap<>(viaSsh);
        env.put("SIGNALTTY_RECONNECT_TIMEOUT_S", "120");
        Process stream = local.builder(CliHarness.javaCommand("--host", "box", "events", "--events", "workspace.*", "--json"), env)
                .redirectOutput(events.toFile()).redirectError(notices.toFile()).start();
        try {
            awaitContains(notices, "\"subscribed\":true", () -> { }); // --json: the subscribe reply
            awaitContains(events, "before-drop", () -> remote.run("workspace", "create", "before-drop"));

            box.kill();
            Run gone = local.run(viaSsh, "", "--host", "box", "pane", "list");
            assertThat(gone.status()).as(gone.toString()).isEqualTo(1);
            assertThat(gone.err()).contains("NO_SUCH_SERVER").contains("box").contains("unreachable");

            box.restart();
            awaitContains(notices, "reconnected to host box", () -> { });
            awaitContains(events, "after-drop", () -> remote.run("workspace", "create", "after-drop"));
            assertThat(Files.readString(notices)).contains("lost the connection to host box")
                    .contains("replay complete");
            assertThat(Files.readString(events)).doesNotContain("\"type\":\"gap\"");
        } finally {
            stream.destroy();
            stream.waitFor(10, TimeUnit.SECONDS);
            if (!box.alive()) {
                box.restart();
            }
        }
    }

    @Test
    void attachOverSshShowsThePaneAndTypesIntoIt() throws Exception {
        Run created = local.run(viaSsh, "", "--host", "box", "new", "attached", "--", "bash");
        assertThat(created.status()).as(created.toString()).isZero();
        String pane = created.out().lines().filter(l -> l.startsWith("pane ")).findFirst().orElseThrow().substring(5);
        // tmux is the outer terminal a person would have; the attach inside it goes through ssh.
        String server = "st-remote-" + ProcessHandle.current().pid();
        startInTmux(server, viaSsh, "--host", "box", "attach", pane);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            String screen = "";
            boolean typed = false;
            while (!screen.contains("over-ssh-42") && System.nanoTime() < deadline) {
                Thread.sleep(500);
                String shown = capture(server);
                if (!typed && (shown.contains("$") || shown.contains("#"))) { // bash's prompt came through the attach
                    run("tmux", "-L", server, "send-keys", "echo over-ssh-$((40+2))", "Enter");
                    typed = true;
                }
                screen = capture(server);
            }
            assertThat(screen).as("the attached pane's screen").contains("over-ssh-42");
            // The typing went to the remote pane itself, not to a local echo.
            Run read = remote.run("pane", "read", pane);
            assertThat(read.out()).contains("over-ssh-42");
        } finally {
            run("tmux", "-L", server, "kill-server");
        }
    }

    @Test
    void attachOverSshReconnectsToTheSameHostWhenTheSshConnectionDrops() throws Exception {
        Run created = local.run(viaSsh, "", "--host", "box", "new", "dropped", "--", "bash");
        assertThat(created.status()).as(created.toString()).isZero();
        String pane = created.out().lines().filter(l -> l.startsWith("pane ")).findFirst().orElseThrow().substring(5);
        String server = "st-remote-drop-" + ProcessHandle.current().pid();
        Map<String, String> env = new HashMap<>(viaSsh);
        env.put("SIGNALTTY_RECONNECT_TIMEOUT_S", "120");
        startInTmux(server, env, "--host", "box", "attach", pane);
        try {
            typeUntilShown(server, "echo before-$((20+1))", "before-21");
            long firstMaster = masterPid();

            // The ssh connection goes away under the attach: the ControlMaster (and with it the forward
            // carrying both of attach's connections) is killed outright.
            ProcessHandle.of(firstMaster).orElseThrow().destroyForcibly();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            long secondMaster = -1;
            while ((secondMaster <= 0 || secondMaster == firstMaster) && System.nanoTime() < deadline) {
                Thread.sleep(300);
                secondMaster = masterPidOrNone();
            }
            assertThat(secondMaster).as("attach set up a new ssh master").isPositive().isNotEqualTo(firstMaster);

            // seed R297, seed R298, seed R299, seed R300, seed R301: reattached with a fresh snapshot on the same remote pane; typing reaches it.
            typeUntilShown(server, "echo after-$((40+2))", "after-42");
            assertThat(capture(server)).as("still attached, not ended").doesNotContain("[detached")
                    .doesNotContain("lost the daemon connection");
            Run read = remote.run("pane", "read", pane);
            assertThat(read.out()).contains("before-21").contains("after-42");
        } finally {
            run("tmux", "-L", server, "kill-server");
        }
    }

    @Test
    void theTabViewSwitchesBetweenHostsLabellingEach() throws Exception {
        Run here = local.run("new", "here-view", "--", "bash");
        assertThat(here.status()).as(here.toString()).isZero();
        String localWs = here.out().lines().filter(l -> l.startsWith("workspace ")).findFirst().orElseThrow().substring(10);
        String localPane = here.out().lines().filter(l -> l.startsWith("pane ")).findFirst().orElseThrow().substring(5);
        assertThat(local.run("pane", "write", localPane, "--data", "echo here-$((40+2))\n").status()).isZero();
        // The view opens the host's first workspace: its first tab's first pane gets a line to show.
        assertThat(local.run(viaSsh, "", "--host", "box", "new", "there-view", "--", "bash").status()).isZero();
        Object firstWs = Output.findId(CliHarness.json(remote.run("workspace", "list", "--json")), "workspace_id", "ws_");
        Object firstTab = Output.findId(CliHarness.json(remote.run("tab", "list", String.valueOf(firstWs), "--json")),
                "tab_id", "tab_");
        Map<String, Object> tab = CliHarness.json(remote.run("tab", "get", String.valueOf(firstTab), "--json"));
        String remotePane = String.valueOf(((List<?>) tab.get("pane_ids")).getFirst());
        assertThat(remote.run("pane", "write", remotePane, "--data", "echo there-$((3*3))0\n").status()).isZero();

        String server = "st-remote-view-" + ProcessHandle.current().pid();
        startInTmux(server, viaSsh, "view", localWs);
        try {
            awaitScreen(server, "local: here-view", "here-42");
            run("tmux", "-L", server, "send-keys", "C-b", "H");
            awaitScreen(server, "box: ", "there-90"); // box's panes, drawn from its daemon through ssh
            assertThat(capture(server)).doesNotContain("here-42");
            run("tmux", "-L", server, "send-keys", "C-b", "H");
            awaitScreen(server, "local: ", "-"); // and back to this machine's daemon
        } finally {
            run("tmux", "-L", server, "kill-server");
        }
    }

    /** Waits up to 120 s until the outer screen shows both texts. */
    private static void awaitScreen(String server, String first, String second) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        String screen = capture(server);
        while (!(screen.contains(first) && screen.contains(second)) && System.nanoTime() < deadline) {
            Thread.sleep(300);
            screen = capture(server);
        }
        assertThat(screen).as("the view's screen").contains(first).contains(second);
    }

    @Test
    void aRemoteHostsDashboardIsServedHereThroughTheSshForward() throws Exception {
        Run created = local.run(viaSsh, "", "--host", "box", "new", "on-the-web", "--", "bash");
        assertThat(created.status()).as(created.toString()).isZero();
        String pane = created.out().lines().filter(l -> l.startsWith("pane ")).findFirst().orElseThrow().substring(5);
        Run web = local.run(viaSsh, "", "--host", "box", "web", "--json");
        assertThat(web.status()).as(web.toString()).isZero();
        Map<String, Object> started = CliHarness.json(web);
        assertThat(started.get("host")).isEqualTo("box");
        java.net.URI remoteUrl = java.net.URI.create(String.valueOf(started.get("remote_url")));
        assertThat(remoteUrl.getHost()).isEqualTo("127.0.0.2"); // the box's own dashboard address
        String here = "http://127.0.0.1:" + remoteUrl.getPort();
        assertThat(started.get("url")).isEqualTo(here);
        assertThat(String.valueOf(started.get("login_url"))).startsWith(here + "/login?token=");

        var http = java.net.http.HttpClient.newBuilder().followRedirects(java.net.http.HttpClient.Redirect.NEVER).build();
        var login = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(String.valueOf(started.get("login_url"))))
                .timeout(java.time.Duration.ofSeconds(60)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(login.statusCode()).as(login.body()).isEqualTo(303);
        String cookie = login.headers().firstValue("set-cookie").orElseThrow().split(";")[0];
        assertThat(cookie).startsWith("signaltty_session_" + remoteUrl.getPort() + "=");
        var page = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(here + "/")).header("Cookie", cookie)
                .timeout(java.time.Duration.ofSeconds(60)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);

        // The page's WebSocket, through the same forward, is a connection to the box's daemon.
        java.util.concurrent.BlockingQueue<String> received = new java.util.concurrent.LinkedBlockingQueue<>();
        var socket = http.newWebSocketBuilder().header("Cookie", cookie).header("Origin", here)
                .buildAsync(java.net.URI.create("ws://127.0.0.1:" + remoteUrl.getPort() + "/ws"),
                        new java.net.http.WebSocket.Listener() {
                            private final StringBuilder text = new StringBuilder();

                            @Override
                            public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket ws,
                                    CharSequence data, boolean last) {
                                text.append(data);
                                if (last) {
                                    received.add(text.toString());
                                    text.setLength(0);
                                }
                                ws.request(1);
                                return null;
                            }
                        }).get(60, TimeUnit.SECONDS);
        try {
            socket.sendText(Json.write(Map.of("protocol", "signaltty/1", "id", 1, "method", "pane.get",
                    "params", Map.of("pane_id", pane))), true).get(60, TimeUnit.SECONDS);
            String reply = received.poll(60, TimeUnit.SECONDS);
            assertThat(reply).as("pane.get answered over the forwarded WebSocket").isNotNull()
                    .contains("\"ok\":true").contains(pane);
        } finally {
            socket.abort();
        }

        // A person's browser: a fresh login link, the box's pane on the page, labelled with its host.
        Run again = local.run(viaSsh, "", "--host", "box", "web", "--json");
        String link = String.valueOf(CliHarness.json(again).get("login_url"));
        assertThat(link).endsWith("#host=box");
        assertThat(remote.run("pane", "write", pane, "--data", "echo in-the-page-$((7*6))\n").status()).isZero();
        Object tab = ((Map<?, ?>) CliHarness.json(remote.run("pane", "get", pane, "--json")).get("pane")).get("tab_id");
        try (dev.signaltty.web.Browser browser = new dev.signaltty.web.Browser(1200, 800)) {
            browser.driver.get(link);
            browser.until(d -> Boolean.TRUE.equals(browser.js("return !!document.querySelector('.conn.up')")));
            browser.until(d -> Boolean.TRUE.equals(browser.js("const e = document.querySelector(arguments[0]);"
                    + " if (e) e.click(); return !!e;", ".tab[data-tab-id='" + tab + "']")));
            String paneSelector = ".pane[data-pane-id='" + pane + "']";
            browser.until(d -> String.valueOf(browser.js("const r = document.querySelector(arguments[0] + ' .xterm-rows');"
                    + " return r ? r.innerText : '';", paneSelector)).contains("in-the-page-42"));
            String label = browser.until(d -> (String) browser.js("const e = document.querySelector(arguments[0] + "
                    + "' .pane-head .host-label'); return e ? e.textContent : null;", paneSelector));
            assertThat(label).as("the pane's host label").isEqualTo("box");
            assertThat(browser.driver.getTitle()).startsWith("box · ");
        }
    }

    @Test
    void allHostsAsksInParallelAndAStuckHostTimesOutWithoutDelayingTheOthers() throws Exception {
        // A warm master for box, so its answer is a round trip through the forward.
        assertThat(local.run(viaSsh, "", "--host", "box", "pane", "list").status()).isZero();
        List<java.net.ServerSocket> stuck = new java.util.ArrayList<>();
        java.util.concurrent.atomic.AtomicInteger open = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger mostOpen = new java.util.concurrent.atomic.AtomicInteger();
        List<Thread> acceptors = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                // Accepts the TCP connection and never says a word: ssh waits for a banner that never comes.
                java.net.ServerSocket socket = new java.net.ServerSocket(0, 4, java.net.InetAddress.getLoopbackAddress());
                stuck.add(socket);
                acceptors.add(Thread.ofVirtual().start(() -> holdSilently(socket, open, mostOpen)));
                Run added = local.run(viaSsh, "", "hosts", "add", "stuck" + i, "127.0.0.1:" + socket.getLocalPort());
                assertThat(added.status()).as(added.toString()).isZero();
            }
            Map<String, String> env = new HashMap<>(viaSsh);
            env.put("SIGNALTTY_HOST_TIMEOUT_S", "8"); // under ssh's own ConnectTimeout (10 s): ours ends it
            Run all = local.run(env, "", "--all-hosts", "attention", "--json");
            assertThat(all.status()).as(all.toString()).isEqualTo(1);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> hosts = (List<Map<String, Object>>) CliHarness.json(all).get("hosts");
            assertThat(hosts).extracting(h -> h.get("host")).containsExactly("local", "box", "stuck0", "stuck1", "stuck2");
            assertThat(hosts.get(1).get("ok")).as("box answered: " + hosts.get(1)).isEqualTo(true);
            for (int i = 2; i < 5; i++) {
                assertThat(hosts.get(i).get("ok")).isEqualTo(false);
                assertThat(hosts.get(i).get("error").toString()).contains("TIMEOUT").contains("stuck" + (i - 2));
            }
            for (int i = 0; i < 3; i++) {
                assertThat(all.err()).contains("stuck" + i + ": TIMEOUT");
            }
            // Asked one after another, at most one silent connection would ever be open at a time.
            assertThat(mostOpen.get()).as("all three stuck hosts were being asked at once").isEqualTo(3);
        } finally {
            for (int i = 0; i < 3; i++) {
                local.run(viaSsh, "", "hosts", "remove", "stuck" + i);
            }
            for (java.net.ServerSocket socket : stuck) {
                socket.close();
            }
            acceptors.forEach(Thread::interrupt);
        }
    }

    /** Accepts connections and reads until each closes, counting how many are open at once. */
    private static void holdSilently(java.net.ServerSocket server, java.util.concurrent.atomic.AtomicInteger open,
            java.util.concurrent.atomic.AtomicInteger mostOpen) {
        while (!server.isClosed()) {
            try {
                java.net.Socket socket = server.accept();
                mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
                Thread.ofVirtual().start(() -> {
                    try (socket; var in = socket.getInputStream()) {
                        while (in.read() >= 0) {
                            // ssh's banner and nothing else: never answered
                        }
                    } catch (java.io.IOException e) {
                        // closed by ssh going away
                    } finally {
                        open.decrementAndGet();
                    }
                });
            } catch (java.io.IOException e) {
                return;
            }
        }
    }

    /** The pid of box's ControlMaster, as ssh -O check reports it. */
    private long masterPid() throws Exception {
        long pid = masterPidOrNone();
        assertThat(pid).as("a ControlMaster for box").isPositive();
        return pid;
    }

    private long masterPidOrNone() throws Exception {
        Path control = Path.of(local.environment().get("XDG_RUNTIME_DIR"), "signaltty", "hosts", "box.ctl");
        if (!Files.exists(control)) {
            return -1;
        }
        Process check = new ProcessBuilder("ssh", "-F", sshConfig.toString(), "-o", "ControlPath=" + control,
                "-O", "check", "box").redirectErrorStream(true).start();
        String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        check.waitFor(15, TimeUnit.SECONDS);
        var m = java.util.regex.Pattern.compile("pid=(\\d+)").matcher(said);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    /** Runs this build's CLI with {@code args} as the only window of a new tmux server (the outer terminal). */
    private void startInTmux(String server, Map<String, String> extraEnv, String... args) throws Exception {
        StringBuilder line = new StringBuilder();
        for (String word : CliHarness.javaCommand(args)) {
            line.append('\'').append(word.replace("'", "'\\''")).append("' ");
        }
        List<String> tmux = new java.util.ArrayList<>(List.of("tmux", "-L", server, "new-session", "-d", "-x", "100",
                "-y", "30"));
        Map<String, String> env = new HashMap<>(local.environment());
        env.putAll(extraEnv);
        env.forEach((k, v) -> tmux.addAll(List.of("-e", k + "=" + v)));
        tmux.add(line.toString());
        tmux.addAll(List.of(";", "set-option", "-g", "remain-on-exit", "on")); // a failure's last words stay on screen
        assertThat(new ProcessBuilder(tmux).inheritIO().start().waitFor()).isZero();
    }

    /**
     * Types {@code command} and Enter until {@code shown} is on the outer screen (up to 120 s): a write
     * made while attach is between connections is lost, never resent, so typing again is the user's way.
     */
    private static void typeUntilShown(String server, String command, String shown) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            String screen = capture(server);
            if (screen.contains(shown)) {
                return;
            }
            if (screen.contains("$") || screen.contains("#")) {
                run("tmux", "-L", server, "send-keys", command, "Enter");
            }
            // typed again after 2 s, not 10: a line typed twice shows twice, which the check allows, while
            // a line lost between connections cost up to 10 s of the test's wall time each time
            long next = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (System.nanoTime() < next && !capture(server).contains(shown)) {
                Thread.sleep(300);
            }
        }
        throw new AssertionError("'" + shown + "' never appeared:\n" + capture(server));
    }

    private static String capture(String server) throws Exception {
        Process p = new ProcessBuilder("tmux", "-L", server, "capture-pane", "-p").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return text;
    }

    private static void run(String... command) throws Exception {
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                .waitFor(10, TimeUnit.SECONDS);
    }

    /** Runs {@code action} once, then waits up to 120 s for {@code text} in {@code file}. */
    private static void awaitContains(Path file, String text, Runnable action) throws Exception {
        action.run();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!(Files.exists(file) && Files.readString(file).contains(text))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no '" + text + "' in " + file + ":\n" + Files.readString(file));
            }
            Thread.sleep(200);
        }
    }

    @Test
    void namedHostsAreListedAndAnUnknownNameIsBadParams() {
        Run list = local.run(viaSsh, "", "hosts", "list", "--json");
        assertThat(list.status()).as(list.toString()).isZero();
        assertThat(list.out()).contains("\"name\":\"box\"").contains(command.toString());
        Run missing = local.run(viaSsh, "", "hosts", "remove", "nosuch");
        assertThat(missing.status()).isEqualTo(1);
        assertThat(missing.err()).startsWith("BAD_PARAMS: name: no host named 'nosuch'"); // a seed error code
        Run bad = local.run(viaSsh, "", "hosts", "add", "x y", "box");
        assertThat(bad.err()).contains("BAD_PARAMS").contains("name");
    }

    @Test
    void anUnreachableHostIsNamedInTheError() throws Exception {
        int closed = TestSshd.freePort();
        Run run = local.run(viaSsh, "", "--host", "nobody@127.0.0.1:" + closed, "pane", "list");
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.err()).contains("NO_SUCH_SERVER").contains("nobody@127.0.0.1:" + closed)
                .contains("unreachable");
    }

    @Test
    void aDaemonSpeakingAnotherProtocolIsRefusedNamingTheHost() throws Exception {
        Path impostor = temp.resolve("ssh").resolve("old-signaltty");
        Files.writeString(impostor, "#!/bin/sh\necho '{\"protocol\":\"signaltty/9\",\"socket\":\"/nowhere.sock\"}'\n");
        Files.setPosixFilePermissions(impostor, PosixFilePermissions.fromString("rwx------"));
        assertThat(local.run(viaSsh, "", "hosts", "add", "old", "box", "--command", impostor.toString()).status()).isZero();
        try {
            Run run = local.run(viaSsh, "", "--host", "old", "pane", "list");
            assertThat(run.status()).isEqualTo(1);
            assertThat(run.err()).contains("BAD_PROTOCOL").contains("old (box)").contains("signaltty/9");
        } finally {
            local.run(viaSsh, "", "hosts", "remove", "old");
        }
    }
}
