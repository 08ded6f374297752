package dev.signaltty.workspace;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Which way a layout split lays out its two children: {@code right} (side by side) or {@code down}
 * (stacked). The same enum types the params that take a direction and the layouts results and
 * snapshots carry, so the wire names are the lower-case constants everywhere.
 */
public enum SplitDirection {
    RIGHT, DOWN;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
