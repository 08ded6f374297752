package dev.signaltty.agent;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A value of one of a pane's two agent-state axes (docs/protocol.md, "States"): a {@link Lifecycle} or an
 * {@link Attention}. Transitions and {@link AgentStateChanged} hold these, so which axis moved is the
 * value's type, and a state is compared by identity, never by its wire string.
 */
public sealed interface AxisState permits Lifecycle, Attention {

    /** The enum constant's name (both axes are enums). */
    String name();

    /** The seed's lower-case string for the value, as the wire, the journal and metrics labels carry it. */
    @JsonValue
    default String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code lifecycle} or {@code attention}: the axis's name on the wire. */
    String axis();

    /** The value of {@code axis} whose wire string is {@code wire}; IllegalArgumentException for one outside it. */
    static <S extends Enum<S> & AxisState> S of(Class<S> axis, String wire) {
        for (S value : axis.getEnumConstants()) {
            if (value.wire().equals(wire)) {
                return value;
            }
        }
        throw new IllegalArgumentException("not a state of " + axis.getEnumConstants()[0].axis() + ": " + wire);
    }
}
