package dev.signaltty.transport.internal;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.signaltty.transport.ProtocolException;
import tools.jackson.databind.JsonNode;

/**
 * Which record of a sealed params interface an object is (ADR 0341): the one whose own fields, those no
 * other alternative has, the object uses. The layout tree's leaf is {@code {pane_id}}, its split
 * {@code {direction, ratio, first, second}}: a node with {@code first} is a split, so a missing
 * {@code second} is then BAD_PARAMS naming {@code layout.second}, not a vague "not a layout".
 */
final class Alternatives {

    private Alternatives() {
    }

    @SuppressWarnings("unchecked")
    static Class<? extends Record> pick(Class<?> sealed, JsonNode value, String field) {
        Class<?>[] permitted = sealed.getPermittedSubclasses();
        List<Class<? extends Record>> used = new ArrayList<>();
        List<String> shapes = new ArrayList<>();
        for (Class<?> alternative : permitted) {
            if (!alternative.isRecord()) {
                throw new IllegalStateException("a sealed params type permits only records: " + alternative);
            }
            Set<String> own = fields(alternative);
            for (Class<?> other : permitted) {
                if (other != alternative) {
                    own.removeAll(fields(other));
                }
            }
            shapes.add("{" + String.join(", ", fields(alternative)) + "}");
            if (own.stream().anyMatch(name -> present(value, name))) {
                used.add((Class<? extends Record>) alternative);
            }
        }
        if (used.size() == 1) {
            return used.getFirst();
        }
        String shapeList = String.join(" or ", shapes);
        throw ProtocolException.badParams(field, used.isEmpty() ? "must be one of " + shapeList
                : "mixes the fields of " + shapeList);
    }

    private static Set<String> fields(Class<?> record) {
        Set<String> names = new LinkedHashSet<>();
        for (RecordComponent component : record.getRecordComponents()) {
            names.add(ParamsBinder.wireName(component.getName()));
        }
        return names;
    }

    private static boolean present(JsonNode value, String name) {
        JsonNode member = value.get(name);
        return member != null && !member.isNull() && !member.isMissingNode();
    }
}
