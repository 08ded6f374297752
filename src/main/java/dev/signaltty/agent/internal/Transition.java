package dev.signaltty.agent.internal;

/** One recorded move on one axis; {@code seq} is the journal seq of its event. */
record Transition(Axis axis, String from, String to, long seq, String cause) {

    enum Axis {
        LIFECYCLE, ATTENTION;

        String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
