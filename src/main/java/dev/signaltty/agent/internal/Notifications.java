package dev.signaltty.agent.internal;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Attention;
import dev.signaltty.journal.EventLog;
import dev.signaltty.workspace.Ids;

/**
 * The one notification path: {@code notify} and what a pane's program asks its terminal for (a bell, an
 * OSC 9/777/99 notification; {@link TerminalSignalRouter}) both emit {@code notification.created} and
 * raise the pane's attention to unread; a stronger attention (input or permission required) is kept.
 */
@Component
class Notifications {

    private final AgentStates states;
    private final EventLog events;

    Notifications(AgentStates states, EventLog events) {
        this.states = states;
        this.events = events;
    }

    /**
     * Journals the notification and, for a pane, makes it the pane's last message and its attention
     * unread if it was none ({@code cause} names who asked: {@code notify}, {@code bell},
     * {@code terminal_notification}). With {@code keepsWaitingMessage} (a bell, which says nothing new;
     * ADR 0991) the message of an attention still raised stays the pane's last message.
     * Returns the payload with the pane's attention afterwards.
     */
    NotifyHandler.Notification create(AgentPanes.@Nullable PaneRef pane, @Nullable String title, String message,
                                      String cause, boolean keepsWaitingMessage) {
        String id = Ids.next("ntf");
        if (pane == null) {
            NotifyHandler.Notification notification = created(id, null, title, message);
            events.append(notification);
            return notification;
        }
        NotifyHandler.Notification[] notification = new NotifyHandler.Notification[1];
        // one step under the state lock: whoever reads the pane on notification.created sees its attention raised
        states.mutate(pane, s -> {
            NotifyHandler.Notification n = created(id, AgentStates.subject(pane, s), title, message);
            events.append(n);
            if (!keepsWaitingMessage || s.attention == Attention.NONE || s.lastNotification == null) {
                s.lastNotification = message;
            }
            List<Runnable> after = s.attention == Attention.NONE
                    ? states.transition(pane, s, null, Attention.UNREAD, cause) : List.of();
            notification[0] = new NotifyHandler.Notification(n.notificationId(), n.subject(), n.title(), n.message(),
                    n.at(), s.attention);
            return after;
        });
        return notification[0];
    }

    private static NotifyHandler.Notification created(String id, AgentStates.@Nullable Subject subject,
                                                      @Nullable String title, String message) {
        return new NotifyHandler.Notification(id, subject, title, message, Instant.now().toString(), null);
    }
}
