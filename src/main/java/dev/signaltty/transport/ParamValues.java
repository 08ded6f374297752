package dev.signaltty.transport;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;

/** Param shapes the record binder does not express on its own. */
public final class ParamValues {

    private ParamValues() {
    }

    /**
     * One string or a nonempty array of strings, in the caller's order (the seed's {@code until}: "a
     * nonempty array matches any alternative in caller order"). Anything else is BAD_PARAMS naming
     * {@code field}.
     */
    public static List<String> oneOrMany(JsonNode value, String field) {
        List<String> out = new ArrayList<>();
        if (value.isString()) {
            out.add(value.asString());
        } else if (value.isArray()) {
            for (JsonNode item : value) {
                if (!item.isString()) {
                    throw ProtocolException.badParams(field, "every item must be a string");
                }
                out.add(item.asString());
            }
        } else {
            throw ProtocolException.badParams(field, "must be a string or an array of strings");
        }
        if (out.isEmpty()) {
            throw ProtocolException.badParams(field, "must not be empty");
        }
        return out;
    }
}
