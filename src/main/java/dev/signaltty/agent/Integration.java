package dev.signaltty.agent;

import org.jspecify.annotations.Nullable;

/**
 * The {@code integration} member of a spawn/split/resume reply. {@code configured} is not proof that
 * the agent trusts the configuration or that events will arrive.
 *
 * @param status  configured, disabled or error
 * @param changed whether this launch wrote or changed the configuration
 */
public record Integration(String agent, String status, boolean changed, @Nullable String file,
                          @Nullable String notice) {

    public static Integration configured(String agent, boolean changed, @Nullable String file) {
        return new Integration(agent, "configured", changed, file, null);
    }

    public static Integration disabled(String agent, String notice) {
        return new Integration(agent, "disabled", false, null, notice);
    }

    public static Integration error(String agent, String notice) {
        return new Integration(agent, "error", false, null, notice);
    }
}
