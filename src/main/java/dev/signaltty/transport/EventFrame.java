package dev.signaltty.transport;

import java.time.Instant;

/**
 * One server→client event: {@code {"type":"event","seq":…,"event":…,"payload":…,"at":…}}.
 * {@code payload} is any object Jackson can write (records are written with snake_case names).
 */
public record EventFrame(long seq, String event, Object payload, Instant at) {
}
