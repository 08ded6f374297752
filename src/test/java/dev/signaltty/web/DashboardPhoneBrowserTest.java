package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;

import dev.signaltty.agent.AgentDaemonFixture;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard on a phone-width screen (390×844): the pending decision's card with Allow once and
 * Deny lies within the screen, its buttons are big enough to tap, and a real click on Deny returns
 * the hook's native deny verdict. At a laptop's half screen the panes keep most of the width.
 */
class DashboardPhoneBrowserTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("phone", "signaltty.web.port=0");

    @Test
    void theDecisionCardIsVisibleAndUsableAtPhoneWidth() throws Exception {
        String pane = AgentDaemonFixture.sleeper(daemon.client(), daemon.workspace());
        AgentDaemonFixture.hook(daemon.client(), pane, "SessionStart", "s-phone");
        try (Browser phone = new Browser(390, 844); ProtocolClient reporter = daemon.connect()) {
            DashboardBrowserTest.login(phone, daemon.client());
            CompletableFuture<JsonNode> verdict = AgentDaemonFixture.askPermission(reporter, pane, "rm -rf build", 120);
            String card = ".decision[data-pane-id='" + pane + "']";
            // one script call: the card and both buttons, where they are on the screen
            @SuppressWarnings("unchecked")
            List<Object> geometry = phone.until(d -> (List<Object>) phone.js(
                    "const c = document.querySelector(arguments[0]); if (!c) return null;"
                    + " const b = ['allow_once', 'deny'].map((o) => c.querySelector(`button[data-option='${o}']`));"
                    + " if (b.some((x) => !x)) return null;"
                    + " const r = [c, ...b].map((x) => x.getBoundingClientRect());"
                    + " return [innerWidth, r[0].left, r[0].right, r[1].width, r[1].height, r[2].width, r[2].height,"
                    + "   b[0].textContent, b[1].textContent, c.querySelector('.input').textContent, r[2].right];", card));
            double width = ((Number) geometry.get(0)).doubleValue();
            assertThat(((Number) geometry.get(1)).doubleValue()).as("card left").isGreaterThanOrEqualTo(0);
            assertThat(((Number) geometry.get(2)).doubleValue()).as("card right").isLessThanOrEqualTo(width);
            assertThat(((Number) geometry.get(10)).doubleValue()).as("Deny's right edge").isLessThanOrEqualTo(width);
            for (int i : new int[] {3, 5}) {
                assertThat(((Number) geometry.get(i)).doubleValue()).as("button width").isGreaterThanOrEqualTo(44);
                assertThat(((Number) geometry.get(i + 1)).doubleValue()).as("button height").isGreaterThanOrEqualTo(44);
            }
            assertThat(geometry.get(7)).isEqualTo("Allow once");
            assertThat(geometry.get(8)).isEqualTo("Deny");
            assertThat(geometry.get(9)).isEqualTo("rm -rf build");

            // a real click (Selenium checks it is displayed and not covered), retried if re-rendered meanwhile
            phone.until(d -> {
                d.findElement(By.cssSelector(card + " button[data-option='deny']")).click();
                return true;
            });
            JsonNode answered = verdict.get(120, TimeUnit.SECONDS);
            assertThat(answered.get("ok").asBoolean()).as(answered.toString()).isTrue();
            assertThat(answered.get("result").get("native_verdict").get("hookSpecificOutput").get("decision")
                    .get("behavior").asString()).isEqualTo("deny");
            phone.until(d -> d.findElements(By.cssSelector(card)).isEmpty());
        }
    }

    /** 1000 px wide: the sidebar and "Needs you" (empty or not) leave the panes more than half the window. */
    @Test
    void atAHalfScreenThePanesKeepMostOfTheWidth() throws Exception {
        String tab = daemon.client().call("tab.create", Map.of("workspace_id", daemon.workspace())).get("tab_id").asString();
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "tab_id", tab,
                "argv", List.of("sleep", "600"))).get("pane_id").asString();
        try (Browser half = new Browser(1000, 760)) {
            DashboardBrowserTest.login(half, daemon.client());
            DashboardBrowserTest.showTab(half, tab);
            Object share = half.until(d -> half.js("const l = document.querySelector('.layout');"
                    + " return l && l.clientWidth ? l.clientWidth / innerWidth : null;"));
            assertThat(((Number) share).doubleValue()).as("the panes' share of the window's width").isGreaterThan(0.55);

            // three panes side by side, long names: each header's close button stays inside it (the text gives way)
            String second = daemon.client().call("pane.split", Map.of("pane_id", pane, "direction", "right",
                    "argv", List.of("sleep", "600"))).get("pane_id").asString();
            String third = daemon.client().call("pane.split", Map.of("pane_id", second, "direction", "right",
                    "argv", List.of("sleep", "600"))).get("pane_id").asString();
            for (String p : List.of(pane, second, third)) {
                daemon.client().call("pane.rename", Map.of("pane_id", p, "name", "a-long-name-for-" + p));
            }
            Object outside = half.until(d -> half.js("const heads = [...document.querySelectorAll('.layout .pane-head')];"
                    + " if (heads.length !== 3 || !heads.every((h) => h.textContent.includes('a-long-name-for-'))) return null;"
                    + " return heads.filter((h) => { const close = h.querySelector(\".pbtn[title='close pane']\");"
                    + " return !close || close.getBoundingClientRect().right > h.getBoundingClientRect().right; }).length;"));
            assertThat(((Number) outside).intValue()).as("headers whose close button is cut off").isZero();
        }
    }

    /**
     * At a laptop's half screen the sidebar is 160 px: its buttons ("+ Workspace", "+ Task", "Notify me")
     * each keep their label on one line, wrapping as whole buttons rather than breaking "+" from "Workspace".
     */
    @Test
    void theSidebarsButtonsKeepTheirLabelsOnOneLineAtHalfScreen() throws Exception {
        try (Browser half = new Browser(1000, 760)) {
            DashboardBrowserTest.login(half, daemon.client());
            Object broken = half.until(d -> half.js("const buttons = [...document.querySelectorAll('.side .new, .side .notify-me')];"
                    + " if (buttons.length !== 3) return null;"
                    + " return buttons.filter((b) => { const r = document.createRange(); r.selectNodeContents(b);"
                    + " return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1; })"
                    + ".map((b) => b.textContent);"));
            assertThat(List.copyOf((List<?>) broken)).as("buttons whose label is on more than one line").isEmpty();
        }
    }
}
