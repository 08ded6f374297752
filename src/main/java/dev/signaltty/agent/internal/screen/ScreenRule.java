package dev.signaltty.agent.internal.screen;

import org.jspecify.annotations.Nullable;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;

import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;

/**
 * One rule of a manifest: when {@code regex} finds a match in {@code region}, the screen shows
 * {@code lifecycle} and/or {@code attention}. Regexes are RE2 (linear time, ADR 0124), compiled with
 * MULTILINE so {@code ^} and {@code $} anchor at each row of a region.
 */
record ScreenRule(String id, int priority, Region region, Pattern regex, @Nullable Lifecycle lifecycle,
                  @Nullable Attention attention) {

    /** Longest matched text kept for explain and events. */
    static final int MAX_MATCHED = 200;

    /** The matched text, or null when the rule does not match this region text. */
    @Nullable String match(String text) {
        if (text.isEmpty()) {
            return null; // an empty region never matches, so a rule like "^$" cannot fire on a blank screen
        }
        Matcher m = regex.matcher(text);
        if (!m.find()) {
            return null;
        }
        String matched = m.group();
        return matched.length() > MAX_MATCHED ? matched.substring(0, MAX_MATCHED) : matched;
    }
}
