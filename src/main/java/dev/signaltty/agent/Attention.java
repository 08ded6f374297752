package dev.signaltty.agent;

/**
 * The attention vocabulary (docs/protocol.md, "States"). On the wire, in the journal and in metrics labels
 * each value is its lower-case name, exactly the seed's strings (ADR 0270, ADR 0340).
 */
public enum Attention implements AxisState {
    NONE, UNREAD, INPUT_REQUIRED, PERMISSION_REQUIRED;

    @Override
    public String axis() {
        return "attention";
    }

    /** Someone must answer: a permission or an input. */
    public boolean required() {
        return this == INPUT_REQUIRED || this == PERMISSION_REQUIRED;
    }

    /** Higher is more urgent (attention.pending's order). */
    public int urgency() {
        return switch (this) {
            case PERMISSION_REQUIRED -> 3;
            case INPUT_REQUIRED -> 2;
            case UNREAD -> 1;
            case NONE -> 0;
        };
    }
}
