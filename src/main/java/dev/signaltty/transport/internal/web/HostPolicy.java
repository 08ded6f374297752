package dev.signaltty.transport.internal.web;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * Which {@code Host} and {@code Origin} the dashboard answers. A page of another site that a DNS
 * rebinding points at 127.0.0.1 still sends its own name as Host, so only the loopback names, the bound
 * address and the configured names pass, and only with the bound port. A WebSocket upgrade whose Origin
 * is another site is refused (cross-site WebSocket hijacking); a client without Origin is not a browser
 * page and still needs the session cookie.
 */
record HostPolicy(Set<String> names, int port, String scheme) {

    static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "[::1]");

    boolean hostAllowed(@Nullable String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        String value = host.toLowerCase(Locale.ROOT);
        String name = value;
        int givenPort = -1;
        int colon = value.lastIndexOf(':');
        if (colon > value.lastIndexOf(']')) {
            name = value.substring(0, colon);
            try {
                givenPort = Integer.parseInt(value.substring(colon + 1));
            } catch (NumberFormatException e) {
                return false;
            }
        }
        int effective = givenPort >= 0 ? givenPort : ("https".equals(scheme) ? 443 : 80);
        return effective == port && names.contains(name);
    }

    boolean originAllowed(@Nullable String origin) {
        if (origin == null) {
            return true;
        }
        try {
            URI uri = URI.create(origin);
            return scheme.equals(uri.getScheme()) && uri.getRawAuthority() != null && hostAllowed(uri.getRawAuthority())
                    && (uri.getRawPath() == null || uri.getRawPath().isEmpty());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
