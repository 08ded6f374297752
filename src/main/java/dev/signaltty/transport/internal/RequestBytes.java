package dev.signaltty.transport.internal;

import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The global cap on request bytes buffered across all connections (ADR 0123). Each connection may hold
 * one line of up to {@link ClientConnection#MAX_LINE}; beyond its first {@link LineReader#BASE_BUFFER}
 * bytes, every byte it buffers (the growing line, the copy handed to the parser, lines queued behind a
 * wait) is reserved here first. A reservation that would pass the cap fails: that connection is answered
 * RATE_LIMITED and closed, while every other connection's small requests go on as before.
 */
@Component
class RequestBytes implements MeterBinder {

    /** 128 MiB: four maximal (16 MiB) lines with their copies at once. */
    static final long DEFAULT_CAP = 128L << 20;

    private final long cap;
    private final AtomicLong used = new AtomicLong();

    RequestBytes(@Value("${signaltty.transport.max-buffered-request-bytes:" + DEFAULT_CAP + "}") long cap) {
        this.cap = cap;
    }

    /** Reserves {@code bytes}; false (and nothing reserved) when that would pass the cap. */
    boolean reserve(long bytes) {
        while (true) {
            long now = used.get();
            if (now + bytes > cap) {
                return false;
            }
            if (used.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    void release(long bytes) {
        used.addAndGet(-bytes);
    }

    long cap() {
        return cap;
    }

    long used() {
        return used.get();
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        Gauge.builder("signaltty.transport.buffered.request.bytes", this, RequestBytes::used)
                .description("Request bytes buffered across connections (capped)").baseUnit("bytes").register(meters);
    }
}
