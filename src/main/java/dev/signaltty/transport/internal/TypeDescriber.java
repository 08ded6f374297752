package dev.signaltty.transport.internal;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.signaltty.transport.OneOrMany;
import tools.jackson.databind.node.ObjectNode;

/** Describes params and result records for {@code schema} (field → JSON type, required). */
final class TypeDescriber {

    private TypeDescriber() {
    }

    static Object describe(Type type) {
        return describe(type, new java.util.HashSet<>());
    }

    /** {@code type}'s description as {@code schema} returns it. */
    static TypeNotation notation(Type type) {
        return new TypeNotation(describe(type));
    }

    /** A params record's fields, each {type, required}, as {@code schema} returns them. */
    static Map<String, FieldSchema> fields(Class<? extends Record> record) {
        Map<String, Object> described = new LinkedHashMap<>();
        describeFields(record, true, described, new java.util.HashSet<>(Set.of(record)));
        Map<String, FieldSchema> out = new LinkedHashMap<>();
        described.forEach((name, field) -> {
            Map<?, ?> f = (Map<?, ?>) field;
            out.put(name, new FieldSchema(new TypeNotation(f.get("type")), (Boolean) f.get("required")));
        });
        return out;
    }

    /** One field of a record as {@code schema} describes it. */
    record FieldSchema(TypeNotation type, boolean required) {
    }

    private static Object describe(Type type, Set<Class<?>> seen) {
        Class<?> raw = ParamsBinder.rawClass(type);
        if (raw == String.class) {
            return "string";
        }
        if (raw == Integer.class || raw == int.class || raw == Long.class || raw == long.class) {
            return "integer";
        }
        if (raw == Double.class || raw == double.class) {
            return "number";
        }
        if (raw == Boolean.class || raw == boolean.class) {
            return "boolean";
        }
        if (raw.isEnum()) {
            return Map.of("enum", ParamsBinder.enumValues(raw));
        }
        if (raw == TypeNotation.class) {
            return "type"; // schema's own description of a type, in this notation
        }
        if (raw == ObjectNode.class) {
            return "open_object"; // passed through as the sender wrote it (ADR 0341): hook-event's payload
        }
        if (raw == List.class && type instanceof ParameterizedType p) {
            return Map.of("array", describe(p.getActualTypeArguments()[0], seen));
        }
        if (raw == Map.class && type instanceof ParameterizedType p && p.getActualTypeArguments()[1] == Object.class) {
            return "open_object"; // an agent's own JSON passed through (a decision's tool_input, native_verdict)
        }
        if (raw == Map.class && type instanceof ParameterizedType p) {
            return Map.of("map", describe(p.getActualTypeArguments()[1], seen));
        }
        if (raw.isSealed() && raw.isInterface()) {
            return describeAlternatives(raw, seen);
        }
        if (raw.isRecord()) {
            if (!seen.add(raw)) {
                return raw.getSimpleName();
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            describeFields(raw, true, fields, seen);
            seen.remove(raw);
            return fields;
        }
        return "any";
    }

    /**
     * A sealed interface is one of its records: {@code {"one_of": [...], "name": N}}. A use of the
     * interface inside one of them (a tree: the layout's split holds two layouts) is described by its
     * name {@code N}, so recursive shapes stay finite.
     */
    private static Object describeAlternatives(Class<?> sealed, Set<Class<?>> seen) {
        if (!seen.add(sealed)) {
            return sealed.getSimpleName();
        }
        List<Object> alternatives = new ArrayList<>();
        for (Class<?> permitted : sealed.getPermittedSubclasses()) {
            alternatives.add(describe(permitted, seen));
        }
        seen.remove(sealed);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("one_of", alternatives);
        out.put("name", sealed.getSimpleName());
        return out;
    }

    /**
     * A {@code @JsonUnwrapped} component's fields are written into the enclosing object, so they are
     * described there too; they are optional when the component is.
     */
    private static void describeFields(Class<?> record, boolean present, Map<String, Object> fields,
                                       Set<Class<?>> seen) {
        for (RecordComponent component : record.getRecordComponents()) {
            boolean required = present && !ParamsBinder.isOptional(component);
            if (component.getAccessor().isAnnotationPresent(JsonUnwrapped.class) && component.getType().isRecord()) {
                describeFields(component.getType(), required, fields, seen);
                continue;
            }
            Map<String, Object> field = new LinkedHashMap<>();
            Object type = describe(component.getGenericType(), seen);
            if (component.getAnnotatedType().isAnnotationPresent(OneOrMany.class) && type instanceof Map<?, ?> list) {
                type = Map.of("one_or_many", list.get("array")); // one element alone, or an array of them
            }
            field.put("type", type);
            field.put("required", required);
            fields.put(ParamsBinder.wireName(component.getName()), field);
        }
    }
}
