package dev.signaltty.pane.internal.agent;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

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
class NotifyHandler implements MethodHandler<NotifyHandler.Params, Map<String, Object>> {

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
    public Map<String, Object> handle(Params params, CallContext context) {
        String id = Ids.next("ntf");
        Map<String, Object> notification = new LinkedHashMap<>();
        notification.put("notification_id", id);
        AgentPanes.PaneRef pane = params.paneId() == null ? null : panes.resolve(params.paneId());
        if (pane == null) {
            putBody(notification, params);
            events.append("notification.created", notification);
            return notification;
        }
        states.mutate(pane, s -> {
            notification.putAll(AgentStates.payload(pane, s));
            putBody(notification, params);
            events.append("notification.created", notification);
            s.lastNotification = params.message();
            return List.of();
        });
        String attention = states.view(pane.paneId()).attention();
        if (States.NONE.equals(attention)) {
            states.apply(pane, null, States.UNREAD, "notify");
        }
        notification.put("attention", states.view(pane.paneId()).attention());
        return notification;
    }

    private static void putBody(Map<String, Object> notification, Params params) {
        if (params.title() != null) {
            notification.put("title", params.title());
        }
        notification.put("message", params.message());
        notification.put("at", Instant.now().toString());
    }
}
