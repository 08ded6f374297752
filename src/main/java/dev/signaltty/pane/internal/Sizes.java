package dev.signaltty.pane.internal;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ProtocolException;

/** Shared validation of terminal dimensions and line counts. */
final class Sizes {

    static final int MAX_DIMENSION = 1000;
    static final int MAX_LINES = 5000;

    private Sizes() {
    }

    static int dimension(String field, @Nullable Integer value, int fallback) {
        if (value == null) {
            return fallback;
        }
        if (value < 1 || value > MAX_DIMENSION) {
            throw ProtocolException.badParams(field, "must be between 1 and " + MAX_DIMENSION);
        }
        return value;
    }

    /** Lines above 5000 clamp to 5000; below 1 is BAD_PARAMS (docs/protocol.md, "Readings"). */
    static int lines(@Nullable Integer value, int fallback) {
        if (value == null) {
            return fallback;
        }
        if (value < 1) {
            throw ProtocolException.badParams("lines", "must be at least 1");
        }
        return Math.min(value, MAX_LINES);
    }
}
