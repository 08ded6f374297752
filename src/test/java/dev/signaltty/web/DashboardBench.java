package dev.signaltty.web;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * Not a test (no assertion on time; surefire's default includes skip it): run by bench/web-dashboard.
 * Keystroke in the page → its echo parsed and painted (the next animation frame), p50/p99, alone and
 * with {@code bench.flooders} neighbour panes in the same tab flooding {@code bench.floodMib} MiB each;
 * then the overview with {@code bench.panes} panes: time to render it and to answer a click.
 */
class DashboardBench {

    static final int KEYS = Integer.getInteger("bench.keys", 100);
    static final int FLOODERS = Integer.getInteger("bench.flooders", 20);
    static final int FLOOD_MIB = Integer.getInteger("bench.floodMib", 100);
    static final int PANES = Integer.getInteger("bench.panes", 200);

    /** Samples until {@code n} or 75 s have passed (the script timeout is 90 s): what came back is reported as n. */
    static final String KEYSTROKE = "const [id, n, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];"
            + "const v = window.signaltty.terms.get(id); const out = []; let over = false;"
            + "setTimeout(() => { if (!over) { over = true; done(out); } }, 75000);"
            + "const one = () => { if (over) return; if (out.length === n) { over = true; done(out); return; }"
            + "  const t0 = performance.now();"
            + "  const sub = v.term.onWriteParsed(() => { sub.dispose(); requestAnimationFrame(() => { out.push(performance.now() - t0); setTimeout(one, 5); }); });"
            + "  v.term.input('x', true); };"
            + "one();";

    @Test
    void keystrokeToEchoAndOverview(@TempDir Path root) throws Exception {
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.web.port=0"); ProtocolClient client = daemon.connect();
             Browser browser = new Browser(1600, 1000)) {
            String ws = client.call("workspace.create", Map.of("name", "bench", "cwd", root.toString())).get("workspace_id").asString();
            String echo = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("cat"))).get("pane_id").asString();
            String tab = client.call("pane.get", Map.of("pane_id", echo)).get("pane").get("tab_id").asString();
            DashboardBrowserTest.login(browser, client);
            DashboardBrowserTest.showTab(browser, tab);
            browser.until(d -> browser.js("return window.signaltty.terms.has(arguments[0])", echo).equals(Boolean.TRUE));
            Thread.sleep(1000);
            report("keystroke→echo painted, alone", measure(browser, echo));

            List<String> flooders = new ArrayList<>();
            String last = echo;
            for (int i = 0; i < FLOODERS; i++) {
                last = client.call("pane.split", Map.of("pane_id", last, "direction", i % 2 == 0 ? "right" : "down",
                        "argv", List.of("sh", "-c", "sleep 3; yes 'flood flood flood flood flood flood flood flood' | head -c "
                                + FLOOD_MIB + "M; exec sleep 600"))).get("pane_id").asString();
                flooders.add(last);
            }
            browser.until(d -> ((Number) browser.js("return document.querySelectorAll('.layout .pane').length")).intValue() == FLOODERS + 1);
            Thread.sleep(4000); // the floods have started
            report("keystroke→echo painted, " + FLOODERS + " panes flooding " + FLOOD_MIB + " MiB each", measure(browser, echo));
            System.out.println("BENCH during the floods: viewer connections closed and reattached "
                    + browser.js("let n = 0; for (const v of window.signaltty.terms.values()) n += v.closures; return n;")
                    + ", control connection opened " + browser.js("return window.signaltty.rpc.opens;") + " time(s)");
            for (String f : flooders) {
                client.call("pane.close", Map.of("pane_id", f));
            }

            for (int i = 0; i < PANES; i++) {
                client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "600")));
            }
            browser.until(d -> ((Number) browser.js("return window.signaltty.S.panes.size")).intValue() >= PANES);
            Object render = browser.js("const t0 = performance.now(); document.querySelector('.nav').click();"
                    + "return [performance.now() - t0, document.querySelectorAll('.card').length];");
            System.out.println("BENCH overview with " + PANES + " panes: render " + render);
            Object click = browser.driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                    + "const t0 = performance.now(); document.querySelector('.card').click();"
                    + "requestAnimationFrame(() => done(performance.now() - t0));");
            System.out.println("BENCH overview click → next frame ms: " + click);
        }
    }

    static double[] measure(Browser browser, String pane) {
        @SuppressWarnings("unchecked")
        List<Number> samples = (List<Number>) browser.driver.executeAsyncScript(KEYSTROKE, pane, KEYS);
        double[] ms = samples.stream().mapToDouble(Number::doubleValue).toArray();
        Arrays.sort(ms);
        return ms;
    }

    static void report(String what, double[] ms) {
        if (ms.length == 0) {
            System.out.printf("BENCH %s: no echo painted within 75 s%n", what);
            return;
        }
        System.out.printf("BENCH %s: n=%d p50=%.1f ms p99=%.1f ms max=%.1f ms%n", what, ms.length,
                ms[ms.length / 2], ms[Math.min(ms.length - 1, (int) Math.ceil(ms.length * 0.99) - 1)], ms[ms.length - 1]);
    }
}
