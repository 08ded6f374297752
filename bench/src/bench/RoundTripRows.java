package bench;

import static bench.Format.rate;
import static bench.Format.ratio;
import static bench.Format.sum;
import static bench.Format.us;
import static bench.Format.yes;
import static bench.Requests.pipelined;
import static bench.Requests.sequential;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

/**
 * Request round trips on one open connection against a tmux control client, the same client code for
 * both (issue 24 item 2): the first {@code n} sequential {@code pane.get} to a fresh daemon (≥ 1.5× tmux),
 * the same once warm (≥ 2× tmux), warm {@code ping} as context, and the pipelined rate.
 */
final class RoundTripRows {

    private static final int WINDOW = 128;
    private static final byte[] DISPLAY = "display-message -p x\n".getBytes(StandardCharsets.UTF_8);
    /** tmux's counterpart of {@code pane.get}: a query of the pane's fields. */
    private static final byte[] QUERY = "display-message -p '#{pane_id} #{pane_width}x#{pane_height} #{pane_pid} #{pane_current_command}'\n"
            .getBytes(StandardCharsets.UTF_8);

    private final Bench bench;
    private final int n = Integer.getInteger("bench.rt.n", 20_000);

    RoundTripRows(Bench bench) {
        this.bench = bench;
    }

    void run() throws Exception {
        try (Daemon daemon = bench.daemon("rt"); Daemon.Client client = daemon.connect();
             Tmux tmux = new Tmux(Files.createDirectories(bench.work.resolve("tmux-rt")), 2000)) {
            tmux.startControl();
            byte[] ping = Daemon.Client.request(1, "ping", Map.of());
            // cold: the first requests the fresh daemon ever serves, before any warm-up of either side
            byte[] get = paneGet(client);
            double[] sCold = sequential(n, () -> { client.lines.send(get); return client.lines.next(); });
            double[] tCold = sequential(n, () -> { tmux.lines.send(QUERY); return tmux.readBlock(); });
            double sColdRate = n / sum(sCold);
            double tColdRate = n / sum(tCold);
            String tColdFigure = rate(tColdRate) + " req/s, p50 " + us(Stats.median(tCold));
            if (bench.hasLauncher()) {
                // issue 24 item 2 as written: a daemon freshly started by bin/signaltty (its flags, its AOT cache)
                try (Daemon launched = bench.launched("rt-launcher"); Daemon.Client fresh = launched.connect()) {
                    byte[] freshGet = paneGet(fresh);
                    double[] lCold = sequential(n, () -> { fresh.lines.send(freshGet); return fresh.lines.next(); });
                    double lRate = n / sum(lCold);
                    bench.add(new Row("request round trip, cold, daemon started by `bin/signaltty server run` (its flags "
                            + "and AOT cache): the first " + n + " sequential `pane.get` (tmux: the plain-java cold row's)",
                            rate(lRate) + " req/s, p50 " + us(Stats.median(lCold)), tColdFigure,
                            ratio(lRate, tColdRate), "≥ 1.5× tmux control mode", yes(lRate >= 1.5 * tColdRate)));
                }
            }
            String plainCold = "request round trip, cold: the first " + n + " sequential requests to a fresh plain-java "
                    + "daemon (`pane.get` vs `display-message -p` of pane fields)";
            String plainColdFigure = rate(sColdRate) + " req/s, p50 " + us(Stats.median(sCold));
            // the goal is the launcher's row where there is one (ADR 0515); plain java is then context, as in the flood
            bench.add(bench.hasLauncher()
                    ? Row.context(plainCold, plainColdFigure, tColdFigure, "—", ratio(sColdRate, tColdRate))
                    : new Row(plainCold, plainColdFigure, tColdFigure, ratio(sColdRate, tColdRate),
                            "≥ 1.5× tmux control mode", yes(sColdRate >= 1.5 * tColdRate)));
            // warm: after the cold requests and a further quarter of n of each kind on both sides
            sequential(n / 4, () -> { client.lines.send(get); return client.lines.next(); });
            sequential(n / 4, () -> { tmux.lines.send(QUERY); return tmux.readBlock(); });
            sequential(n / 4, () -> { client.lines.send(ping); return client.lines.next(); });
            sequential(n / 4, () -> { tmux.lines.send(DISPLAY); return tmux.readBlock(); });
            double[] sGet = sequential(n, () -> { client.lines.send(get); return client.lines.next(); });
            double[] tGet = sequential(n, () -> { tmux.lines.send(QUERY); return tmux.readBlock(); });
            double sGetRate = n / sum(sGet);
            double tGetRate = n / sum(tGet);
            bench.add(new Row("request round trip, warm, sequential (`pane.get` vs `display-message -p` of pane fields; "
                    + n + " after " + (n + n / 4) + " of warm-up)",
                    rate(sGetRate) + " req/s, p50 " + us(Stats.median(sGet)),
                    rate(tGetRate) + " req/s, p50 " + us(Stats.median(tGet)),
                    ratio(sGetRate, tGetRate), "≥ 2× tmux control mode", yes(sGetRate >= 2 * tGetRate)));
            double[] sLat = sequential(n, () -> { client.lines.send(ping); return client.lines.next(); });
            double[] tLat = sequential(n, () -> { tmux.lines.send(DISPLAY); return tmux.readBlock(); });
            double sRate = n / sum(sLat);
            double tRate = n / sum(tLat);
            bench.add(Row.context("request round trip, warm, sequential (`ping` vs `display-message -p x`)",
                    rate(sRate) + " req/s, p50 " + us(Stats.median(sLat)), rate(tRate) + " req/s, p50 " + us(Stats.median(tLat)),
                    "—", ratio(sRate, tRate)));
            double sPipe = pipelined(n * 5, WINDOW, client.lines, ping, () -> client.lines.next());
            double tPipe = pipelined(n * 5, WINDOW, tmux.lines, DISPLAY, () -> tmux.readBlock());
            bench.add(new Row("request round trip, pipelined (window " + WINDOW + ")", rate(sPipe) + " req/s",
                    rate(tPipe) + " req/s", ratio(sPipe, tPipe), "≥ 30k req/s", yes(sPipe >= 30_000)));
        }
    }

    /** A workspace and an idle pane on this connection; the {@code pane.get} request of that pane, encoded once. */
    private byte[] paneGet(Daemon.Client client) throws Exception {
        String workspace = client.call("workspace.create", Map.of("name", "rt", "cwd", bench.work.toString()))
                .get("workspace_id").asString();
        String pane = client.call("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of("sleep", "100000")))
                .get("pane_id").asString();
        return Daemon.Client.request(2, "pane.get", Map.of("pane_id", pane));
    }
}
