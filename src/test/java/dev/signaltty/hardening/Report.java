package dev.signaltty.hardening;

import java.io.PrintStream;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import dev.signaltty.hardening.SoakStreams.Reading;

/** The soak's figures, printed in the form docs/benchmarks.md records them ("Hardening figures"). */
record Report(String loadBefore, String loadAfter, long runNanos, long totalNanos, int connections, long connectionsFinished,
              long answered, long slowestNanos, List<Reading> readings, int stalled, List<Long> viewersDrained,
              int stalledJournal, List<Long> subscribersDrained, long notifications, double ptyOut,
              double connectionLagClosures, double subscriptionLagClosures, String journal, List<Long> rss, long liveHeapUnderLoad, long rssAfterGcUnderLoad, long liveHeapAtEnd, long rssAtEnd,
              long threadsAtStart, long threadsAtPeak, long threadsAtEnd) {

    void print(PrintStream out) {
        out.printf("soak: load before %s, after %s; run %.1f s (test %.1f s incl. daemon start and checks)%n",
                loadBefore, loadAfter, runNanos / 1e9, totalNanos / 1e9);
        out.printf("soak: %d/%d request connections finished, %d requests answered (%.0f/s), slowest %.1f ms%n",
                connectionsFinished, connections, answered, answered / (runNanos / 1e9), slowestNanos / 1e6);
        for (Reading r : readings) {
            out.printf("soak: %s read %d bytes in %d events%s%n", r.who(), r.bytes(), r.events(),
                    r.closedForLag() ? " (then closed for lag)" : "");
        }
        out.printf("soak: %d stalled viewers, bytes read after their close (-1: not closed) %s; %d stalled journal subscribers %s%n",
                stalled, viewersDrained, stalledJournal, subscribersDrained);
        out.printf("soak: %d notifications of 4 KiB journaled; %.0f pty bytes out%n", notifications, ptyOut);
        out.printf("soak: lag closures: %.0f connections, %.0f journal subscriptions%n", connectionLagClosures, subscriptionLagClosures);
        out.printf("soak: journal: %s%n", journal);
        if (!rss.isEmpty()) {
            out.printf("soak: daemon RSS MiB min %d max %d last %d over %d samples: %s%n", Collections.min(rss) >> 20,
                    Collections.max(rss) >> 20, rss.getLast() >> 20, rss.size(),
                    rss.stream().map(b -> Long.toString(b >> 20)).collect(Collectors.joining(" ")));
        }
        out.printf("soak: daemon after a full GC: at the end of the run (panes flooding) heap %d MiB, RSS %d MiB; "
                + "once clients and panes are gone heap %d MiB, RSS %d MiB%n", liveHeapUnderLoad >> 20, rssAfterGcUnderLoad >> 20,
                liveHeapAtEnd >> 20, rssAtEnd >> 20);
        out.printf("soak: daemon JVM flags from bin/signaltty: %s%n", SoakDaemon.DAEMON_OPTS);
        out.printf("soak: daemon threads at start %d, peak %d, after %d%n", threadsAtStart, threadsAtPeak, threadsAtEnd);
    }
}
