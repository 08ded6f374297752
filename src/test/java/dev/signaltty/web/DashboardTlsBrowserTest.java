package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard off loopback: bound to the wildcard address it is refused without TLS (BAD_PARAMS
 * naming the setting), and with a certificate configured (self-signed, made here with the JDK's
 * keytool) it serves https: the page loads, its WebSockets are wss, and typing echoes. The browser
 * only ever connects to 127.0.0.1.
 */
class DashboardTlsBrowserTest {

    @Test
    void aNonLoopbackAddressIsRefusedWithoutTls(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.web.address=0.0.0.0"); ProtocolClient client = daemon.connect()) {
            JsonNode response = client.request("web.start", Map.of());
            assertThat(response.get("ok").asBoolean()).isFalse();
            assertThat(response.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(response.get("error").get("message").asString()).contains("not a loopback address")
                    .contains("signaltty.web.tls.cert");
        }
    }

    @Test
    void withACertificateThePageIsServedOverHttps(@TempDir Path root) throws Exception {
        Path tls = Files.createDirectories(root.resolve("tls"));
        selfSigned(tls);
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.web.port=0", "signaltty.web.address=0.0.0.0",
                "signaltty.web.tls.cert=" + tls.resolve("cert.pem"), "signaltty.web.tls.key=" + tls.resolve("key.pem"));
             ProtocolClient client = daemon.connect();
             Browser browser = new Browser(1200, 760, null, "--ignore-certificate-errors")) {
            JsonNode started = client.call("web.start", Map.of());
            assertThat(started.get("url").asString()).startsWith("https://");
            String ws = client.call("workspace.create", Map.of("name", "tls", "cwd", root.toString())).get("workspace_id").asString();
            String pane = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("bash", "--norc", "--noprofile", "-i"),
                    "env", Map.of("PS1", "$ "))).get("pane_id").asString();
            String tab = client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("tab_id").asString();

            String login = started.get("login_url").asString().replaceFirst("^https://[^/]+", "https://127.0.0.1:"
                    + java.net.URI.create(started.get("url").asString()).getPort());
            browser.driver.get(login);
            browser.until(d -> !d.findElements(By.cssSelector(".conn.up")).isEmpty());
            assertThat(browser.js("return location.protocol;")).isEqualTo("https:");
            DashboardBrowserTest.showTab(browser, tab);
            browser.until(d -> DashboardBrowserTest.screen(browser, pane).contains("$"));
            DashboardBrowserTest.type(browser, pane, "echo over-tls-$((5*5))", Keys.ENTER);
            browser.until(d -> DashboardBrowserTest.screen(browser, pane).contains("over-tls-25"));
        }
    }

    /** cert.pem and key.pem (PKCS#8) from a keystore that keytool makes, as Netty's SslContextBuilder reads them. */
    static void selfSigned(Path dir) throws Exception {
        Path store = dir.resolve("web.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "web", "-keyalg", "RSA", "-keysize", "2048",
                "-validity", "2", "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass", "changeit", "-keypass", "changeit").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(out).isZero();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, "changeit".toCharArray());
        }
        Key key = keys.getKey("web", "changeit".toCharArray());
        Certificate cert = keys.getCertificate("web");
        Base64.Encoder pem = Base64.getMimeEncoder(64, "\n".getBytes());
        Files.writeString(dir.resolve("cert.pem"), "-----BEGIN CERTIFICATE-----\n" + pem.encodeToString(cert.getEncoded())
                + "\n-----END CERTIFICATE-----\n");
        Files.writeString(dir.resolve("key.pem"), "-----BEGIN PRIVATE KEY-----\n" + pem.encodeToString(key.getEncoded())
                + "\n-----END PRIVATE KEY-----\n");
    }
}
