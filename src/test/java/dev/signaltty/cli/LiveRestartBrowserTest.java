package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.web.Browser;

/**
 * An open dashboard page across {@code signaltty server restart} (ADR 0810, ADR 0850): the new image serves
 * the page again on the same port, the page reconnects by itself, and the kept pane reads running there (no
 * exit badge, no ↻ resume button), its screen from before the restart still shown, and what its program
 * prints after the restart arrives live in the page's terminal.
 */
class LiveRestartBrowserTest {

    @TempDir
    Path temp;

    @Test
    void anOpenPageShowsTheKeptPaneRunningAndItsOutputAfterTheRestart() throws Exception {
        try (CliHarness cli = new CliHarness(temp); Browser browser = new Browser(1200, 760)) {
            LiveRestart.startDaemon(cli);
            String pane;
            String tab;
            long pid;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String ws = LiveRestart.workspace(cli, daemon, "live-page");
                pane = LiveRestart.spawn(daemon, ws, List.of("bash", "--norc", "--noprofile", "-i"), Map.of("PS1", "$ "));
                tab = LiveRestart.pane(daemon, pane).get("tab_id").asString();
                pid = LiveRestart.pane(daemon, pane).get("pid").asLong();
                browser.driver.get(daemon.call("web.start", Map.of()).get("login_url").asString());
                browser.until(d -> Boolean.TRUE.equals(browser.js("return !!document.querySelector('.conn.up')")));
                browser.until(d -> Boolean.TRUE.equals(browser.js("const e = document.querySelector(arguments[0]);"
                        + " if (e) e.click(); return !!e;", ".tab[data-tab-id='" + tab + "']")));
                daemon.call("pane.write", Map.of("pane_id", pane, "data", "echo before-$((2+3))\r"));
                browser.until(d -> screen(browser, pane).contains("before-5"), () -> screen(browser, pane));
            }
            browser.js("document.querySelector(`.pane[data-pane-id='${arguments[0]}']`).dataset.widget = 'kept';", pane);

            Run restart = cli.run("server", "restart");
            assertThat(restart.status()).as(restart.toString()).isZero();
            assertThat(restart.out()).as(restart.toString()).contains("1 pane kept running");

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                assertThat(LiveRestart.pane(daemon, pane).get("pid").asLong()).isEqualTo(pid);
                // the page noticed the restart (its socket closed) and is connected to the new image again
                browser.until(d -> Boolean.TRUE.equals(browser.js("return !!document.querySelector('.conn.up')")));
                // output after the restart, from the same program, live in the page
                daemon.call("pane.write", Map.of("pane_id", pane, "data", "echo after-$((3+4))-pid-$$\r"));
                browser.until(d -> screen(browser, pane).contains("after-7-pid-" + pid), () -> screen(browser, pane));
                assertThat(screen(browser, pane)).as("the screen from before the restart").contains("before-5");
                assertThat(browser.js("return document.querySelector(`.pane[data-pane-id='${arguments[0]}']`).dataset.widget;", pane))
                        .as("the terminal widget is kept across the reconnect").isEqualTo("kept");
                String head = String.valueOf(browser.js("const e = document.querySelector(arguments[0]);"
                        + " return e ? e.innerText : 'no pane head';", ".pane[data-pane-id='" + pane + "'] .pane-head"));
                assertThat(head).as("the kept pane's head: running, no exit badge or resume button")
                        .doesNotContain("exited").doesNotContain("↻").doesNotContain("no pane head");
                assertThat(browser.js("return !!document.querySelector(arguments[0]);",
                        ".pane[data-pane-id='" + pane + "'] .badge.exited")).isEqualTo(false);
            }
        }
    }

    private static String screen(Browser b, String pane) {
        return String.valueOf(b.js("const r = document.querySelector(`.pane[data-pane-id='${arguments[0]}'] .xterm-rows`);"
                + "return r ? r.innerText.replace(/\\u00a0/g, ' ') : '';", pane));
    }
}
