package bench;

import static bench.Format.ms;
import static bench.Format.ratio;
import static bench.Format.yes;
import static bench.Requests.sequential;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;

/** {@code pane.list} with 1,000 live panes against {@code list-panes -a} (issue 24 item 4: < 10 ms). */
final class ListRows {

    private static final int RUNS = 200;

    private final Bench bench;

    ListRows(Bench bench) {
        this.bench = bench;
    }

    void run() throws Exception {
        int panes = Integer.getInteger("bench.list.panes", 1000);
        try (Daemon daemon = bench.daemon("list"); Daemon.Client client = daemon.connect();
             Tmux tmux = new Tmux(Files.createDirectories(bench.work.resolve("tmux-list")), 2000)) {
            String workspace = client.call("workspace.create", Map.of("name", "list", "cwd", bench.work.toString()))
                    .get("workspace_id").asString();
            // ten panes a tab, like tmux's windows: one tab's layout is a binary tree as deep as its
            // panes, and past ~250 panes in one tab the journal refuses the nesting (reported in issue 24)
            String tab = null;
            for (int i = 0; i < panes; i++) {
                if (i % 10 == 0) {
                    tab = client.call("tab.create", Map.of("workspace_id", workspace)).get("tab_id").asString();
                }
                client.call("pane.spawn", Map.of("workspace_id", workspace, "tab_id", tab, "argv", List.of("sleep", "100000")));
            }
            tmux.startControl();
            for (int i = 1; i < panes; i++) {
                tmux.command("new-window -d 'sleep 100000'");
            }
            int listed = client.call("pane.list", Map.of()).get("panes").size();
            int tmuxListed = tmux.command("list-panes -a").size();
            for (int i = 0; i < 10; i++) {
                client.call("pane.list", Map.of());
                tmux.command("list-panes -a");
            }
            // the answer is read as a line, not parsed: both servers are timed with the same client work
            byte[] list = Daemon.Client.request(999_999, "pane.list", Map.of());
            double[] s = sequential(RUNS, () -> { client.lines.send(list); return client.lines.next(); });
            double[] t = sequential(RUNS, () -> tmux.command("list-panes -a"));
            double sm = Stats.median(s);
            double tm = Stats.median(t);
            bench.add(new Row("`pane.list` with " + listed + " live panes (vs `list-panes -a`, " + tmuxListed + " panes), median",
                    ms(sm * 1e3) + ", p99 " + ms(Stats.percentile(s, 99) * 1e3), ms(tm * 1e3), ratio(tm, sm),
                    "< 10 ms (herdr: 2.76 s at 198)", yes(sm < 0.010 && listed == panes)));
        }
    }
}
