package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The page's part in a pane's size under the {@code smallest} policy (ADR 0160), with two viewers: the page
 * and a socket client asking for more. A pane the page does not show keeps its viewer (ADR 1242) but not its
 * say in the size (ADR 1331): shown small on a tab left behind, it kept the pane small for everyone.
 */
class DashboardSizeBrowserTest {

    @RegisterExtension
    static final DashboardFixture page = new DashboardFixture(new DaemonFixture("size", "signaltty.web.port=0",
            "signaltty.pane.size-policy=smallest"), 1400, 820);
    static final DaemonFixture daemon = page.daemon();

    static String size(String pane) {
        JsonNode p = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane");
        return p.get("cols").asInt() + "x" + p.get("rows").asInt();
    }

    /** The size the page's widget asked for and shows. */
    static String widget(String pane) {
        return String.valueOf(page.browser().js("const e = document.querySelector(`.pane[data-pane-id='${arguments[0]}']`);"
                + " return e && e.dataset.cols ? e.dataset.cols + 'x' + e.dataset.rows : null;", pane));
    }

    static boolean viewerOpen(String pane) {
        return Boolean.TRUE.equals(page.browser().js("const v = window.signaltty.terms.get(arguments[0]);"
                + " return !!v && v.attached;", pane));
    }

    @Test
    void aPaneOnATabNotShownIsSizedByTheViewersThatShowIt() {
        String pane = page.bash();
        String other = page.bash();
        DashboardBrowserTest.showTab(page.browser(), page.tabOf(pane));
        page.browser().until(d -> page.attached(pane) && widget(pane).equals(size(pane)), () -> widget(pane) + " / " + size(pane));
        String shownSize = size(pane);
        String[] cells = shownSize.split("x");
        assertThat(Integer.parseInt(cells[0])).isLessThan(300);
        assertThat(Integer.parseInt(cells[1])).isLessThan(90);

        try (ProtocolClient big = daemon.connect()) {
            big.call("pane.attach", Map.of("pane_id", pane));
            big.call("pane.resize", Map.of("pane_id", pane, "cols", 300, "rows", 90));
            assertThat(size(pane)).as("the page shows it: the smallest is the page's").isEqualTo(shownSize);

            // another tab: the page's viewer stays (its scrollback), the size is the other viewer's alone
            DashboardBrowserTest.showTab(page.browser(), page.tabOf(other));
            page.browser().until(d -> size(pane).equals("300x90"), () -> "pane " + size(pane) + ", the page showed " + shownSize);
            assertThat(viewerOpen(pane)).isTrue();

            // shown again: the page's size counts again
            DashboardBrowserTest.showTab(page.browser(), page.tabOf(pane));
            page.browser().until(d -> size(pane).equals(shownSize), () -> "pane " + size(pane) + ", the page shows " + widget(pane));
        }
    }
}
