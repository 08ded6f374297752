package dev.signaltty.transport.internal.metrics;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/** The Prometheus endpoint, scraped over HTTP from a real daemon driven over its socket. */
public class MetricsEndpointTest {

    private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public static String scrape(int port) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
            return response.body();
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** {@code promtool check metrics} (Debian's prometheus package, .ci/install.d/40-promtool.sh) accepts the exposition. */
    public static void promtool(String exposition) throws Exception {
        Process check = new ProcessBuilder("promtool", "check", "metrics").redirectErrorStream(true).start();
        try (var in = check.getOutputStream()) {
            in.write(exposition.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        String said = new String(check.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(check.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(check.exitValue()).as("promtool check metrics:\n" + said).isZero();
    }

    /** The value of the first sample whose name and labels start with {@code prefix}; -1 when absent. */
    public static double sample(String body, String prefix) {
        for (String line : body.split("\n")) {
            if (line.startsWith(prefix)) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return -1;
    }

    @Nested
    class WhenEnabled {

        @RegisterExtension
        static final DaemonFixture daemon = new DaemonFixture("metrics", "signaltty.metrics.enabled=true", "signaltty.metrics.port=0");
        static int port;

        @BeforeAll
        static void findPort() {
            port = daemon.bean(MetricsEndpoint.class).port();
        }

        @Test
        void listensOnAnEphemeralLoopbackPort() {
            assertThat(port).isPositive();
            assertThat(scrape(port)).contains("# TYPE signaltty_requests_seconds histogram");
        }

        @Test
        void countsRequestsByMethodAndOutcomeWithLatency() {
            for (int i = 0; i < 3; i++) {
                daemon.client().call("ping", Map.of());
            }
            daemon.client().errorCode("no.such.method", Map.of());
            daemon.client().sendRaw("{not json\n");
            daemon.client().nextResponse();
            String body = scrape(port);
            assertThat(sample(body, "signaltty_requests_seconds_count{method=\"ping\",outcome=\"ok\"}")).isGreaterThanOrEqualTo(3);
            assertThat(sample(body, "signaltty_requests_seconds_count{method=\"unknown\",outcome=\"UNKNOWN_METHOD\"}")).isGreaterThanOrEqualTo(1);
            assertThat(sample(body, "signaltty_requests_seconds_count{method=\"invalid\",outcome=\"BAD_PROTOCOL\"}")).isGreaterThanOrEqualTo(1);
            assertThat(sample(body, "signaltty_requests_seconds_sum{method=\"ping\",outcome=\"ok\"}")).isPositive();
            assertThat(body).contains("signaltty_requests_seconds_bucket{method=\"ping\",outcome=\"ok\",le=");
            // a made-up method name never becomes a label value
            assertThat(body).doesNotContain("no.such.method");
        }

        @Test
        void countsOpenConnections() {
            double before = sample(scrape(port), "signaltty_connections ");
            try (ProtocolClient second = daemon.connect()) {
                second.call("ping", Map.of());
                eventually(Duration.ofSeconds(5), () -> sample(scrape(port), "signaltty_connections ") == before + 1);
            }
            eventually(Duration.ofSeconds(5), () -> sample(scrape(port), "signaltty_connections ") == before);
        }

        @Test
        void countsPtyBytesBothWaysAndPanesByState() {
            String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("cat")))
                    .get("pane_id").asString();
            String exited = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("true")))
                    .get("pane_id").asString();
            String before = scrape(port);
            double in = sample(before, "signaltty_pty_bytes_total{direction=\"in\"}");
            double out = sample(before, "signaltty_pty_bytes_total{direction=\"out\"}");
            daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "0123456789\n"));
            eventually(Duration.ofSeconds(10), () -> {
                String body = scrape(port);
                // cat echoes the line and the terminal echoes the input: output grows by at least 11 bytes
                return sample(body, "signaltty_pty_bytes_total{direction=\"in\"}") == in + 11
                        && sample(body, "signaltty_pty_bytes_total{direction=\"out\"}") >= out + 11;
            });
            eventually(Duration.ofSeconds(10), () -> {
                String body = scrape(port);
                return sample(body, "signaltty_panes{state=\"running\"}") >= 1
                        && sample(body, "signaltty_panes{state=\"exited\"}") >= 1;
            });
            daemon.client().call("pane.close", Map.of("pane_id", pane));
            daemon.client().call("pane.close", Map.of("pane_id", exited));
        }

        @Test
        void measuresJournalSyncsAndBatchSizes() {
            double syncs = sample(scrape(port), "signaltty_journal_sync_seconds_count ");
            daemon.client().call("workspace.rename", Map.of("workspace_id", daemon.workspace(), "name", "renamed"));
            daemon.client().call("workspace.rename", Map.of("workspace_id", daemon.workspace(), "name", "metrics"));
            String body = scrape(port);
            assertThat(sample(body, "signaltty_journal_sync_seconds_count ")).isGreaterThanOrEqualTo(syncs + 2);
            assertThat(sample(body, "signaltty_journal_batch_size_events_count ")).isGreaterThanOrEqualTo(syncs + 2);
            assertThat(sample(body, "signaltty_journal_events_total ")).isGreaterThanOrEqualTo(2);
        }

        /** A Claude-Code-shaped hook report for {@code pane}. */
        Map<String, Object> hook(String pane, String event, Map<String, Object> extra) {
            Map<String, Object> payload = new java.util.HashMap<>(Map.of("session_id", "s1", "cwd", daemon.root().toString(),
                    "hook_event_name", event));
            payload.putAll(extra);
            return Map.of("pane_id", pane, "payload", payload);
        }

        @Test
        void countsPendingDecisionsAndAgentPanesByLifecycleAndAttention() throws Exception {
            String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("sleep", "300")))
                    .get("pane_id").asString();
            double pending = sample(scrape(port), "signaltty_decisions_pending ");
            assertThat(pending).isGreaterThanOrEqualTo(0);
            daemon.client().call("hook-event", hook(pane, "SessionStart", Map.of()));
            daemon.client().call("hook-event", hook(pane, "UserPromptSubmit", Map.of("prompt", "go")));
            eventually(Duration.ofSeconds(5), () -> sample(scrape(port), "signaltty_agent_panes_lifecycle{state=\"working\"}") >= 1);
            try (ProtocolClient reporter = daemon.connect();
                 var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
                var reply = threads.submit(() -> reporter.request("hook-event", Map.of("pane_id", pane,
                        "wait_for_answer", true, "payload", hook(pane, "PermissionRequest", Map.of("tool_name", "Bash",
                                "tool_input", Map.of("command", "ls"), "tool_use_id", "toolu_1")).get("payload"))));
                eventually(Duration.ofSeconds(10), () -> {
                    String body = scrape(port);
                    return sample(body, "signaltty_decisions_pending ") == pending + 1
                            && sample(body, "signaltty_agent_panes_attention{state=\"permission_required\"}") >= 1
                            && sample(body, "signaltty_agent_panes_lifecycle{state=\"blocked\"}") >= 1;
                });
                String decision = daemon.client().call("decision.list", Map.of("pane_id", pane, "status", "pending"))
                        .get("decisions").get(0).get("decision_id").asString();
                daemon.client().call("decision.answer", Map.of("decision_id", decision, "option_id", "deny"));
                reply.get(10, java.util.concurrent.TimeUnit.SECONDS);
            }
            eventually(Duration.ofSeconds(5), () -> sample(scrape(port), "signaltty_decisions_pending ") == pending);
            daemon.client().call("pane.close", Map.of("pane_id", pane));
            // a closed pane is no longer counted in any state
            eventually(Duration.ofSeconds(5), () -> sample(scrape(port), "signaltty_agent_panes_lifecycle{state=\"blocked\"}") == 0
                    && sample(scrape(port), "signaltty_agent_panes_lifecycle{state=\"working\"}") == 0);
        }

        @Test
        void reportsSubscriptionsAndLagClosures() {
            try (ProtocolClient subscriber = daemon.connect()) {
                subscriber.call("subscribe", Map.of());
                eventually(Duration.ofSeconds(5), () -> sample(scrape(port), "signaltty_subscriptions ") >= 1);
            }
            String body = scrape(port);
            assertThat(sample(body, "signaltty_subscriptions_lag_closures_total ")).isGreaterThanOrEqualTo(0);
            assertThat(sample(body, "signaltty_connections_lag_closures_total ")).isGreaterThanOrEqualTo(0);
        }

        @Test
        void refusesAnythingButGet() throws Exception {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                    .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(405);
        }

        @Test
        void doesNotListenOnANonLoopbackAddress() throws Exception {
            InetAddress external = nonLoopbackAddress();
            if (external == null) {
                return; // no other interface on this host: loopback is all there is to listen on
            }
            assertThatThrownBy(() -> new Socket(external, port).close()).isInstanceOf(ConnectException.class);
        }

        private static InetAddress nonLoopbackAddress() throws IOException {
            for (var nif : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
                for (var address : java.util.Collections.list(nif.getInetAddresses())) {
                    if (!address.isLoopbackAddress() && address instanceof java.net.Inet4Address) {
                        return address;
                    }
                }
            }
            return null;
        }
    }

    @Nested
    class WhenDisabled {

        @TempDir
        Path root;

        @Test
        void servesNothingAndStillAnswersRequests() {
            try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
                assertThat(client.call("ping", Map.of())).isNotNull();
                // always a bean (a build-time AOT condition would be frozen, ADR 0425), serving nothing
                assertThat(daemon.bean(MetricsEndpoint.class).port()).isEqualTo(-1);
                assertThat(daemon.bean(MetricsEndpoint.class).isRunning()).isFalse();
            }
        }
    }
}
