package dev.signaltty.pane.internal;

import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.Connection;
import dev.signaltty.transport.EventFrame;

/**
 * The one path output takes: emulator first, then every attached viewer as {@code pty.data} with the
 * cumulative end offset, all under the terminal's monitor so a snapshot taken under the same monitor
 * splits the stream exactly. Program output and {@code pane.clear} both come through here, in order.
 * A viewer that cannot keep up is dropped (its connection closes) — it never blocks the PTY reader.
 */
@Component
class PaneOutput implements MeterBinder {

    private final EventLog events;
    private final PaneTranscripts transcripts;
    private final LongAdder bytesOut = new LongAdder();

    PaneOutput(EventLog events, PaneTranscripts transcripts) {
        this.events = events;
        this.transcripts = transcripts;
    }

    void emit(Pane pane, byte[] buffer, int offset, int length) {
        bytesOut.add(length);
        synchronized (pane.terminal) {
            transcripts.beforeFeed(pane, buffer, offset, length); // on disk before anyone can read it (ADR 0230)
            pane.terminal.feed(buffer, offset, length);
            pane.outputOffset += length;
            dev.signaltty.agent.ScreenWatches.Watch watch = pane.screenWatch;
            if (watch != null) {
                watch.changed(); // once per chunk: schedules at most one bounded scan (ScreenScanner)
            }
            if (pane.recording != null && !pane.recording.write(buffer, offset, length)) {
                pane.recording = null; // it ended itself (size limit or I/O error); pane.record can start another
            }
            if (pane.viewers.isEmpty()) {
                return;
            }
            var payload = new PaneEvents.PtyData(pane.id,
                    Base64.getEncoder().encodeToString(Arrays.copyOfRange(buffer, offset, offset + length)),
                    pane.outputOffset);
            EventFrame frame = new EventFrame(events.nextTransientSeq(), payload.event(), payload, Instant.now());
            for (Connection viewer : pane.viewers.values()) {
                if (!viewer.sendEvent(frame)) {
                    pane.viewers.remove(viewer.id());
                }
            }
        }
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        FunctionCounter.builder("signaltty.pty.bytes", bytesOut, LongAdder::sum).tag("direction", "out")
                .description("Bytes read from pane PTYs (program output)").baseUnit("bytes").register(meters);
    }
}
