package dev.signaltty.agent.internal;

/**
 * The last bell or desktop notification (OSC 9/777/99) a pane's program sent its terminal, and what became
 * of it, for {@code agent.explain}: {@code notified} (a notification, ADR 0960) or {@code hooks_wired}
 * (signaltty wired the process's hooks, which already report the moment it notifies about; ADR 1020) or
 * {@code hooks_reporting} (an agent started from a shell, whose own hooks report while its session runs; ADR 1114).
 * {@code message} is the notification's message ({@code bell} for a bell).
 */
public record HeardNotification(String message, String outcome, String at) {

    static final String NOTIFIED = "notified";
    static final String HOOKS_WIRED = "hooks_wired";
    static final String HOOKS_REPORTING = "hooks_reporting";
}
