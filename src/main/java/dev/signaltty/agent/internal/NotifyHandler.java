package dev.signaltty.agent.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Attention;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;

/**
 * notify: a notification from inside a pane (or anywhere), through {@link Notifications}: it emits
 * notification.created and raises the pane's attention to unread; a stronger attention is kept.
 */
@Component
class NotifyHandler implements MethodHandler<NotifyHandler.Params, NotifyHandler.Notification> {

    static final int MAX_MESSAGE = 4096;

    record Params(@Nullable String paneId, String message, @Nullable @Shape(Shape.Kind.LABEL) String title) {
        Params {
            if (message.isBlank()) {
                throw ProtocolException.badParams("message", "must not be empty");
            }
            if (message.length() > MAX_MESSAGE) {
                throw ProtocolException.badParams("message", "is longer than " + MAX_MESSAGE + " characters");
            }
        }
    }

    /**
     * The answer and the notification.created payload (without {@code attention}, which is the pane's
     * attention after the notification). {@code subject} is absent for a notification from no pane.
     */
    record Notification(String notificationId, @JsonUnwrapped AgentStates.@Nullable Subject subject,
                        @Nullable String title, String message, String at, @Nullable Attention attention)
            implements dev.signaltty.transport.EventPayload {
        @Override
        public String event() {
            return "notification.created";
        }
    }

    private final Notifications notifications;
    private final AgentPanes panes;

    NotifyHandler(Notifications notifications, AgentPanes panes) {
        this.notifications = notifications;
        this.panes = panes;
    }

    @Override
    public String method() {
        return "notify";
    }

    @Override
    public String summary() {
        return "Creates a notification; the pane's attention becomes unread.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Class<?> resultType() {
        return NotifyHandler.Notification.class;
    }

    @Override
    public NotifyHandler.Notification handle(Params params, CallContext context) {
        AgentPanes.PaneRef pane = params.paneId() == null ? null : panes.resolve(params.paneId());
        return notifications.create(pane, params.title(), params.message(), "notify", false);
    }
}
