package dev.signaltty.workspace;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where {@code pane.split} and {@code pane.move} put a pane beside the one they split: {@code right} or {@code down}
 * (after it), {@code left} or {@code up} (before it, tmux's {@code split-window -b}). A layout tree has only the two
 * {@link SplitDirection}s; {@code left} is a {@code right} split whose first child is the new pane (ADR 1121).
 */
public enum SplitSide {
    RIGHT(SplitDirection.RIGHT, false),
    DOWN(SplitDirection.DOWN, false),
    LEFT(SplitDirection.RIGHT, true),
    UP(SplitDirection.DOWN, true);

    private final SplitDirection direction;
    private final boolean before;

    SplitSide(SplitDirection direction, boolean before) {
        this.direction = direction;
        this.before = before;
    }

    /** The direction of the split made. */
    public SplitDirection direction() {
        return direction;
    }

    /** Whether the added pane is the split's first child (left of / above the split pane). */
    public boolean before() {
        return before;
    }

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
