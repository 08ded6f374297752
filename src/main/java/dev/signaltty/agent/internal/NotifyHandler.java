package dev.signaltty.agent.internal;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Attention;
import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;
import dev.signaltty.workspace.Ids;

/**
 * notify: a notification from inside a pane (or anywhere). It emits notification.created and raises the
 * pane's attention to unread; a stronger attention (input or permission required) is kept.
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

    private final AgentStates states;
    private final AgentPanes panes;
    private final EventLog events;

    NotifyHandler(AgentStates states, AgentPanes panes, EventLog events) {
        this.states = states;
        this.panes = panes;
        this.events = events;
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
        String id = Ids.next("ntf");
        AgentPanes.PaneRef pane = params.paneId() == null ? null : panes.resolve(params.paneId());
        if (pane == null) {
            Notification notification = created(id, null, params);
            events.append(notification);
            return notification;
        }
        Notification[] notification = new Notification[1];
        states.mutate(pane, s -> {
            notification[0] = created(id, AgentStates.subject(pane, s), params);
            events.append(notification[0]);
            s.lastNotification = params.message();
            return List.of();
        });
        if (states.view(pane.paneId()).attention() == Attention.NONE) {
            states.apply(pane, null, Attention.UNREAD, "notify");
        }
        Notification n = notification[0];
        return new Notification(n.notificationId(), n.subject(), n.title(), n.message(), n.at(),
                states.view(pane.paneId()).attention());
    }

    private static Notification created(String id, AgentStates.@Nullable Subject subject, Params params) {
        return new Notification(id, subject, params.title(), params.message(), Instant.now().toString(), null);
    }
}
