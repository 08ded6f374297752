package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.internal.CommandTable;
import dev.signaltty.cli.internal.Runner;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard's server through real HTTP (java.net.http) and real WebSockets against a real daemon:
 * login, every refusal (no cookie, bad or reused token, wrong Host, foreign Origin, rotated token,
 * non-loopback without TLS), and signaltty/1 over the WebSocket through the same router as the socket.
 */
class WebServerTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("web", "signaltty.web.port=0");

    @Test
    void startsOnLoopbackOnlyWhenAskedAndServerInfoNamesTheUrl() throws Exception {
        WebSession web = WebSession.login(daemon.client());
        assertThat(web.url).startsWith("http://127.0.0.1:");
        assertThat(daemon.client().call("server.info", Map.of()).get("web_url").asString()).isEqualTo(web.url);
        Path token = daemon.stateDir().resolve("web").resolve("token");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(token))).isEqualTo("rw-------");
        assertThat(Base64.getUrlDecoder().decode(Files.readString(token).trim()).length * 8).isGreaterThanOrEqualTo(128);
    }

    @Test
    void loginSetsAStrictHttpOnlyCookieThatOpensThePage() throws Exception {
        JsonNode started = daemon.client().call("web.start", Map.of());
        HttpResponse<String> login = WebSession.get(started.get("login_url").asString(), null);
        assertThat(login.statusCode()).isEqualTo(303);
        String setCookie = login.headers().firstValue("set-cookie").orElseThrow();
        assertThat(setCookie).containsIgnoringCase("HttpOnly").contains("SameSite=Strict").contains("Path=/");
        String cookie = setCookie.substring(0, setCookie.indexOf(';'));
        HttpResponse<String> page = WebSession.get(started.get("url").asString() + "/", cookie);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("/vendor/xterm.js");
        String policy = page.headers().firstValue("content-security-policy").orElseThrow();
        assertThat(policy).contains("frame-ancestors 'none'").contains("default-src 'self'");
        // inline styles only (xterm.js's colours, ADR 0790): never an inline or foreign script
        assertThat(policy.replace("style-src 'self' 'unsafe-inline'", "")).doesNotContain("unsafe").doesNotContain("script-src");
        HttpResponse<String> xterm = WebSession.get(started.get("url").asString() + "/vendor/xterm.js", cookie);
        assertThat(xterm.statusCode()).isEqualTo(200);
        assertThat(xterm.body()).contains("Terminal");
    }

    @Test
    void noCookieIsRefusedForPagesAndWebSockets() throws Exception {
        WebSession web = WebSession.login(daemon.client());
        assertThat(WebSession.get(web.url + "/", null).statusCode()).isEqualTo(401);
        assertThat(WebSession.get(web.url + "/app.js", null).statusCode()).isEqualTo(401);
        assertThat(WebSession.get(web.url + "/", "signaltty_session_" + web.port() + "=forged.value").statusCode())
                .isEqualTo(401);
        assertThatThrownBy(() -> WebSession.HTTP.newWebSocketBuilder().buildAsync(URI.create(web.url.replace("http", "ws") + "/ws"),
                new WebSession.Ws()).join())
                .isInstanceOf(CompletionException.class).cause().isInstanceOf(WebSocketHandshakeException.class)
                .satisfies(e -> assertThat(((WebSocketHandshakeException) e).getResponse().statusCode()).isEqualTo(401));
    }

    @Test
    void aBadOrReusedLoginTokenIsRefused() throws Exception {
        JsonNode started = daemon.client().call("web.start", Map.of());
        String url = started.get("url").asString();
        assertThat(WebSession.get(url + "/login?token=not-a-ticket", null).statusCode()).isEqualTo(403);
        assertThat(WebSession.get(url + "/login", null).statusCode()).isEqualTo(403);
        String loginUrl = started.get("login_url").asString();
        assertThat(WebSession.get(loginUrl, null).statusCode()).isEqualTo(303);
        assertThat(WebSession.get(loginUrl, null).statusCode()).as("one time only").isEqualTo(403);
    }

    @Test
    void aForeignHostIsRefusedEvenWithTheCookie() throws Exception {
        WebSession web = WebSession.login(daemon.client());
        String cookie = "Cookie: " + web.cookie;
        assertThat(web.rawStatus("/", List.of("Host: 127.0.0.1:" + web.port(), cookie))).isEqualTo(200);
        assertThat(web.rawStatus("/", List.of("Host: localhost:" + web.port(), cookie))).isEqualTo(200);
        // DNS rebinding: another site's name resolving to 127.0.0.1
        assertThat(web.rawStatus("/", List.of("Host: attacker.example:" + web.port(), cookie))).isEqualTo(421);
        assertThat(web.rawStatus("/", List.of("Host: 127.0.0.1:" + (web.port() + 1), cookie))).isEqualTo(421);
        assertThat(web.rawStatus("/", List.of(cookie))).as("no Host at all").isEqualTo(421);
        assertThat(web.rawStatus("/login?token=x", List.of("Host: attacker.example:" + web.port()))).isEqualTo(421);
    }

    @Test
    void aWebSocketUpgradeFromAForeignOriginIsRefused() throws Exception {
        WebSession web = WebSession.login(daemon.client());
        List<String> upgrade = List.of("Host: 127.0.0.1:" + web.port(), "Cookie: " + web.cookie, "Upgrade: websocket",
                "Connection: Upgrade", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==");
        assertThat(web.rawStatus("/ws", with(upgrade, "Origin: http://127.0.0.1:" + web.port()))).isEqualTo(101);
        assertThat(web.rawStatus("/ws", with(upgrade, "Origin: http://attacker.example"))).isEqualTo(403);
        assertThat(web.rawStatus("/ws", with(upgrade, "Origin: http://127.0.0.1:" + (web.port() + 1)))).isEqualTo(403);
        assertThat(web.rawStatus("/ws", with(upgrade, "Origin: null"))).isEqualTo(403);
        // a plain GET (curl, the address bar) is told what the path is, not answered with a closed connection
        assertThat(web.rawStatus("/ws", List.of("Host: 127.0.0.1:" + web.port(), "Cookie: " + web.cookie))).isEqualTo(400);
    }

    @Test
    void theWebSocketSpeaksSignalttyThroughTheSameRouter() throws Exception {
        WebSession web = WebSession.login(daemon.client());
        try (WebSession.Ws ws = web.connect()) {
            assertThat(ws.call("ping", Map.of()).get("result").get("pong").asBoolean()).isTrue();
            // the same envelope errors as the socket
            assertThat(ws.call("no.such", Map.of()).get("error").get("code").asString()).isEqualTo("UNKNOWN_METHOD");
            assertThat(ws.call("pane.resize", Map.of("pane_id", "x", "cols", "80")).get("error").get("code").asString())
                    .isEqualTo("BAD_PARAMS");
            String pane = daemon.spawnShell("exec cat");
            JsonNode attached = ws.call("pane.attach", Map.of("pane_id", pane));
            assertThat(attached.get("ok").asBoolean()).isTrue();
            ws.call("pane.write", Map.of("pane_id", pane, "data", "hello-web\n"));
            StringBuilder seen = new StringBuilder();
            while (!seen.toString().contains("hello-web")) {
                JsonNode event = ws.nextEvent();
                if ("pty.data".equals(event.get("event").asString())) {
                    seen.append(new String(Base64.getDecoder().decode(event.get("payload").get("data_b64").asString()),
                            StandardCharsets.UTF_8));
                }
            }
            daemon.client().call("pane.close", Map.of("pane_id", pane));
        }
    }

    @Test
    void rotatingTheTokenLogsEveryBrowserOut() throws Exception {
        WebSession web = WebSession.login(daemon.client());
        WebSession.Ws ws = web.connect();
        assertThat(web.get("/").statusCode()).isEqualTo(200);
        JsonNode rotated = daemon.client().call("web.start", Map.of("rotate", true));
        assertThat(rotated.get("rotated").asBoolean()).isTrue();
        assertThat(web.get("/").statusCode()).isEqualTo(401);
        ProtocolClient.eventually(WebSession.DEADLINE, () -> ws.closed);
        WebSession.login(daemon.client()); // a fresh login works
    }

    @Test
    void theCliPrintsTheLoginUrlAndServerStatusTheDashboard() {
        Map<String, String> env = new HashMap<>();
        env.put("SIGNALTTY_SOCKET", daemon.socket().toString());
        env.put("XDG_STATE_HOME", daemon.root().resolve("state").toString());
        env.put("XDG_RUNTIME_DIR", daemon.root().resolve("run").toString());
        env.put("PATH", ""); // no xdg-open: nothing is opened
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Runner runner = new Runner(CommandTable.standard(), env::get, daemon.root(), new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true), new PrintStream(err, true));
        assertThat(runner.run(List.of("web"))).as(err.toString()).isZero();
        assertThat(out.toString()).matches("(?s)http://127\\.0\\.0\\.1:\\d+/login\\?token=[A-Za-z0-9_-]{22}\n");
        out.reset();
        assertThat(runner.run(List.of("server", "status"))).isZero();
        assertThat(out.toString()).contains("web_url").contains("http://127.0.0.1:");
    }

    @Test
    void aNonLoopbackAddressIsRefusedWithoutTls(@TempDir Path root) {
        try (TestDaemon other = TestDaemon.start(root, "signaltty.web.address=0.0.0.0");
             ProtocolClient client = other.connect()) {
            assertThat(client.errorCode("web.start", Map.of())).isEqualTo("BAD_PARAMS");
            assertThat(client.call("server.info", Map.of()).has("web_url")).isFalse();
        }
    }

    private static List<String> with(List<String> headers, String extra) {
        List<String> all = new java.util.ArrayList<>(headers);
        all.add(extra);
        return all;
    }
}
