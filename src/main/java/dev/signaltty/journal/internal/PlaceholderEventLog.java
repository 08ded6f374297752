package dev.signaltty.journal.internal;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;

/**
 * Placeholder until the durable journal lands: issues seq numbers, journals nothing, publishes nothing.
 * The journal work (issue 4) replaces this class.
 */
@Component
class PlaceholderEventLog implements EventLog {

    private final AtomicLong seq = new AtomicLong();

    @Override
    public long append(String event, Object payload) {
        long issued = seq.incrementAndGet();
        org.slf4j.LoggerFactory.getLogger(PlaceholderEventLog.class).debug("{} {} {} {}", issued, event, payload, Instant.now());
        return issued;
    }

    @Override
    public long nextTransientSeq() {
        return seq.incrementAndGet();
    }
}
