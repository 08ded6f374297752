package dev.signaltty.workspace.internal;

import java.util.Collection;
import java.util.Locale;

/**
 * Workspace handles (seed: "My API!! → my-api, collisions → my-api-2"): lowercase, every run of
 * characters other than a-z0-9 becomes one '-', trimmed at both ends; empty becomes "ws". Handles never
 * contain '_' so they cannot collide with ids.
 */
final class Handles {

    private Handles() {
    }

    static String slug(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        boolean dash = false;
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                if (dash && !out.isEmpty()) {
                    out.append('-');
                }
                dash = false;
                out.append(c);
            } else {
                dash = true;
            }
        }
        return out.isEmpty() ? "ws" : out.toString();
    }

    static String unique(String name, Collection<String> taken) {
        String base = slug(name);
        if (!taken.contains(base)) {
            return base;
        }
        for (int n = 2; ; n++) {
            String candidate = base + "-" + n;
            if (!taken.contains(candidate)) {
                return candidate;
            }
        }
    }
}
