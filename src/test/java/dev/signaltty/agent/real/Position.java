package dev.signaltty.agent.real;

import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;

/**
 * Where a request stands in its script, as both scripted models ({@link ScriptedModel}, {@link ScriptedChatModel})
 * read it: the scenario named by the token {@code scenario:<name>} in the conversation's last user message that
 * names one (null: none), and the step, the number of model turns after that message (a run of model items in a
 * row is one turn), so retries and replays answer the same.
 */
record Position(@Nullable String scenario, int step) {

    private static final Pattern SCENARIO = Pattern.compile("scenario:([a-z0-9-]+)");

    /**
     * The position of a conversation of {@code items} in an API's own shape: {@code user} tells a user message,
     * {@code model} a model turn's item, {@code text} a message's text.
     */
    static Position of(List<JsonNode> items, Predicate<JsonNode> user, Predicate<JsonNode> model,
                       Function<JsonNode, String> text) {
        for (int i = items.size() - 1; i >= 0; i--) {
            JsonNode item = items.get(i);
            if (!user.test(item)) {
                continue;
            }
            Matcher m = SCENARIO.matcher(text.apply(item));
            String found = null;
            while (m.find()) {
                found = m.group(1);
            }
            if (found != null) {
                int step = 0;
                boolean inRun = false;
                for (JsonNode after : items.subList(i + 1, items.size())) {
                    boolean byModel = model.test(after);
                    if (byModel && !inRun) {
                        step++;
                    }
                    inRun = byModel;
                }
                return new Position(found, step);
            }
        }
        return new Position(null, 0);
    }
}
