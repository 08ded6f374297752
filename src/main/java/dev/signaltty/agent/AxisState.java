package dev.signaltty.agent;

/**
 * A value of one of a pane's two agent-state axes (docs/protocol.md, "States"): a {@link Lifecycle} or an
 * {@link Attention}. Transitions and {@link AgentStateChanged} hold these, so which axis moved is the
 * value's type, and a state is compared by identity, never by its wire string.
 */
public sealed interface AxisState permits Lifecycle, Attention {

    /** The seed's lower-case string for the value, as the wire, the journal and metrics labels carry it. */
    String wire();

    /** {@code lifecycle} or {@code attention}: the axis's name on the wire. */
    String axis();
}
