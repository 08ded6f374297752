package dev.signaltty.transport;

/**
 * The payload of one server→client event: a record listed in {@link EventCatalog}, naming the event it
 * is, so an event cannot be published with another event's shape ({@code EventLog.append} takes only
 * these). Its components are the payload's fields (snake_case on the wire); {@link #event} is not.
 */
public interface EventPayload {

    /** The wire name, one of those the catalog lists for this record. */
    String event();
}
