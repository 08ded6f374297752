package dev.signaltty.agent.internal.screen;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;

import dev.signaltty.agent.Attention;
import dev.signaltty.agent.AxisState;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.agent.internal.ScreenReport;
import tools.jackson.databind.JsonNode;

/**
 * An agent manifest's screen part (docs/agents.md, "Screen rules"): which programs it applies to and
 * its rules, kept highest priority first (ties in file order). Parsing is strict: an unknown field, a
 * bad regex, an unknown state or a missing value is a {@link Refused} naming the field; nothing is
 * guessed or dropped. A file without {@code rules} is not a screen manifest (it may hold only
 * {@code resume_executable}, read by pane.resume).
 */
record AgentManifest(String name, String file, List<String> programs, List<ScreenRule> rules) {

    static final int MAX_RULES = 100;
    static final int MAX_REGEX = 1000;
    private static final Set<String> FIELDS = Set.of("name", "description", "programs", "rules", "resume_executable");
    private static final Set<String> RULE_FIELDS = Set.of("id", "priority", "region", "lines", "regex", "lifecycle",
            "attention", "description");

    /** A manifest refused for one field. */
    static final class Refused extends Exception {
        final ManifestError error;

        Refused(String file, String field, String message) {
            super(file + ": " + field + ": " + message);
            this.error = new ManifestError(file, field, message);
        }
    }

    boolean appliesTo(List<String> argv) {
        return !argv.isEmpty() && programs.contains(Path.of(argv.getFirst()).getFileName().toString());
    }

    /** The manifest in {@code json}, or null when it has no {@code rules} (not a screen manifest). */
    static @Nullable AgentManifest parse(JsonNode json, String file, String defaultName) throws Refused {
        if (!json.isObject()) {
            throw new Refused(file, "(file)", "must be a JSON object");
        }
        for (Map.Entry<String, JsonNode> field : json.properties()) {
            if (!FIELDS.contains(field.getKey())) {
                throw new Refused(file, field.getKey(), "unknown field (known: " + String.join(", ", sorted(FIELDS)) + ")");
            }
        }
        JsonNode rulesNode = json.get("rules");
        if (rulesNode == null) {
            return null;
        }
        String name = json.has("name") ? text(json, "name", file, "name") : defaultName;
        if (!name.matches("[a-z0-9][a-z0-9._-]{0,63}")) {
            throw new Refused(file, "name", "must be 1-64 of a-z 0-9 . _ - (got \"" + name + "\")");
        }
        List<String> programs = programs(json.get("programs"), file);
        if (!rulesNode.isArray() || rulesNode.isEmpty()) {
            throw new Refused(file, "rules", "must be a non-empty array of rules");
        }
        if (rulesNode.size() > MAX_RULES) {
            throw new Refused(file, "rules", "has " + rulesNode.size() + " rules; at most " + MAX_RULES);
        }
        List<ScreenRule> rules = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < rulesNode.size(); i++) {
            ScreenRule rule = rule(rulesNode.get(i), file, "rules[" + i + "]");
            if (!ids.add(rule.id())) {
                throw new Refused(file, "rules[" + i + "].id", "duplicate rule id \"" + rule.id() + "\"");
            }
            rules.add(rule);
        }
        rules.sort(Comparator.comparingInt(ScreenRule::priority).reversed()); // stable: ties keep file order
        return new AgentManifest(name, file, programs, List.copyOf(rules));
    }

    private static List<String> programs(@Nullable JsonNode node, String file) throws Refused {
        if (node == null || !node.isArray() || node.isEmpty()) {
            throw new Refused(file, "programs", "must be a non-empty array of executable names (argv[0] basenames)");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode p = node.get(i);
            if (!p.isString() || p.asString().isBlank() || p.asString().contains("/")) {
                throw new Refused(file, "programs[" + i + "]", "must be a bare executable name, e.g. \"aider\"");
            }
            out.add(p.asString());
        }
        return List.copyOf(out);
    }

    private static ScreenRule rule(JsonNode node, String file, String at) throws Refused {
        if (!node.isObject()) {
            throw new Refused(file, at, "must be an object");
        }
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            if (!RULE_FIELDS.contains(field.getKey())) {
                throw new Refused(file, at + "." + field.getKey(), "unknown field (known: "
                        + String.join(", ", sorted(RULE_FIELDS)) + ")");
            }
        }
        String id = text(node, "id", file, at + ".id");
        int priority = integer(node, "priority", 0, 0, 1000, file, at);
        Region region = region(node, file, at);
        String regexText = text(node, "regex", file, at + ".regex");
        if (regexText.length() > MAX_REGEX) {
            throw new Refused(file, at + ".regex", "is longer than " + MAX_REGEX + " characters");
        }
        Pattern regex;
        try {
            regex = Pattern.compile(regexText, Pattern.MULTILINE);
        } catch (PatternSyntaxException e) {
            throw new Refused(file, at + ".regex", "not a valid RE2 regular expression: " + e.getMessage());
        }
        Lifecycle lifecycle = state(node, "lifecycle", ScreenReport.LIFECYCLES, file, at);
        Attention attention = state(node, "attention", ScreenReport.ATTENTIONS, file, at);
        if (lifecycle == null && attention == null) {
            throw new Refused(file, at, "names neither a lifecycle nor an attention state");
        }
        return new ScreenRule(id, priority, region, regex, lifecycle, attention);
    }

    private static Region region(JsonNode node, String file, String at) throws Refused {
        String wire = text(node, "region", file, at + ".region");
        Region.Kind kind = null;
        for (Region.Kind k : Region.Kind.values()) {
            if (k.wire().equals(wire)) {
                kind = k;
            }
        }
        if (kind == null) {
            throw new Refused(file, at + ".region", "unknown region \"" + wire
                    + "\" (one of last_lines, screen, prompt_box, title, progress)");
        }
        if (kind != Region.Kind.LAST_LINES && node.has("lines")) {
            throw new Refused(file, at + ".lines", "applies only to region last_lines");
        }
        return new Region(kind, integer(node, "lines", 1, 1, Region.MAX_LINES, file, at));
    }

    private static <S extends AxisState> @Nullable S state(JsonNode node, String field, List<S> allowed, String file,
                                                           String at) throws Refused {
        if (!node.has(field)) {
            return null;
        }
        String value = text(node, field, file, at + "." + field);
        for (S state : allowed) {
            if (state.wire().equals(value)) {
                return state;
            }
        }
        throw new Refused(file, at + "." + field, "unknown state \"" + value + "\" (one of "
                + String.join(", ", allowed.stream().map(AxisState::wire).toList()) + ")");
    }

    private static String text(JsonNode node, String field, String file, String at) throws Refused {
        JsonNode value = node.get(field);
        if (value == null || !value.isString() || value.asString().isEmpty()) {
            throw new Refused(file, at, "must be a non-empty string");
        }
        return value.asString();
    }

    private static int integer(JsonNode node, String field, int dflt, int min, int max, String file, String at)
            throws Refused {
        JsonNode value = node.get(field);
        if (value == null) {
            return dflt;
        }
        if (!value.isInt() || value.asInt() < min || value.asInt() > max) {
            throw new Refused(file, at + "." + field, "must be an integer from " + min + " to " + max);
        }
        return value.asInt();
    }

    private static List<String> sorted(Set<String> names) {
        return names.stream().sorted(Comparator.comparing(n -> n.toLowerCase(Locale.ROOT))).toList();
    }
}
