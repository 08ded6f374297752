package dev.signaltty.transport.internal;

import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.OneOrMany;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Binds a request's {@code params} object to a params record, strictly: a present field of the wrong
 * JSON type is BAD_PARAMS naming the field; absent and explicit null both mean "absent"; unknown fields
 * are ignored; a component without {@code @Nullable} is required; a string whose type carries
 * {@link Shape} must fit it (length caps, no NUL, absolute paths; the one place those are checked). The same walk describes the record
 * for {@code schema}, so what is validated and what is advertised cannot drift apart.
 */
final class ParamsBinder {

    private ParamsBinder() {
    }

    /** camelCase → snake_case, the same rule as Jackson's SNAKE_CASE for our names. */
    static String wireName(String javaName) {
        StringBuilder out = new StringBuilder(javaName.length() + 4);
        for (int i = 0; i < javaName.length(); i++) {
            char c = javaName.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0) {
                    out.append('_');
                }
                out.append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    static <P extends Record> P bind(Class<P> type, @Nullable JsonNode params) {
        if (params != null && !params.isNull() && !params.isObject()) {
            throw ProtocolException.badParams("params", "must be an object");
        }
        return bindRecord(type, params, "");
    }

    private static <P extends Record> P bindRecord(Class<P> type, @Nullable JsonNode node, String prefix) {
        RecordShape shape = RecordShape.OF.get(type);
        Object[] values = new Object[shape.names.length];
        for (int i = 0; i < values.length; i++) {
            String name = shape.names[i];
            String field = prefix + name;
            JsonNode value = node == null ? null : node.get(name);
            boolean absent = value == null || value.isNull() || value.isMissingNode();
            if (absent) {
                if (!shape.optional[i]) {
                    throw ProtocolException.badParams(field, "is required");
                }
                values[i] = defaultFor(shape.types[i]);
            } else {
                values[i] = convert(shape.generics[i], shape.annotated[i], value, field);
            }
        }
        try {
            return type.cast(shape.constructor.newInstance(values));
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot construct " + type.getName(), e);
        }
    }

    /**
     * What binding needs of one record class, read by reflection once: every call of
     * {@code getRecordComponents} builds new components whose type annotations are parsed again, which
     * was a sixth of a request's CPU on the request path (ADR 0415).
     */
    private static final class RecordShape {
        static final ClassValue<RecordShape> OF = new ClassValue<>() {
            @Override
            protected RecordShape computeValue(Class<?> type) {
                return new RecordShape(type);
            }
        };

        final String[] names;
        final Class<?>[] types;
        final Type[] generics;
        final AnnotatedType[] annotated;
        final boolean[] optional;
        final Constructor<?> constructor;

        private RecordShape(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            names = new String[components.length];
            types = new Class<?>[components.length];
            generics = new Type[components.length];
            annotated = new AnnotatedType[components.length];
            optional = new boolean[components.length];
            for (int i = 0; i < components.length; i++) {
                names[i] = wireName(components[i].getName());
                types[i] = components[i].getType();
                generics[i] = components[i].getGenericType();
                annotated[i] = components[i].getAnnotatedType();
                optional[i] = isOptional(components[i]);
            }
            try {
                constructor = type.getDeclaredConstructor(types);
                constructor.setAccessible(true);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot construct " + type.getName(), e);
            }
        }
    }

    static boolean isOptional(RecordComponent component) {
        return !component.getType().isPrimitive()
                && component.getAnnotatedType().isAnnotationPresent(Nullable.class);
    }

    private static @Nullable Object defaultFor(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return false;
        }
        return Array.get(Array.newInstance(type, 1), 0);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object convert(Type generic, AnnotatedType annotated, JsonNode value, String field) {
        Class<?> raw = rawClass(generic);
        if (raw == String.class) {
            if (!value.isString()) {
                throw mistyped(field, "a string");
            }
            String text = value.asString();
            Shape shape = annotated.getAnnotation(Shape.class);
            String problem = shape == null ? null : shape.value().problem(text);
            if (problem != null) {
                throw ProtocolException.badParams(field, problem);
            }
            return text;
        }
        if (raw == Integer.class || raw == int.class) {
            if (!value.isIntegralNumber() || !value.canConvertToInt()) {
                throw mistyped(field, "an integer");
            }
            return value.intValue();
        }
        if (raw == Long.class || raw == long.class) {
            if (!value.isIntegralNumber() || !value.canConvertToLong()) {
                throw mistyped(field, "an integer");
            }
            return value.longValue();
        }
        if (raw == Double.class || raw == double.class) {
            if (!value.isNumber()) {
                throw mistyped(field, "a number");
            }
            return value.doubleValue();
        }
        if (raw == Boolean.class || raw == boolean.class) {
            if (!value.isBoolean()) {
                throw mistyped(field, "a boolean");
            }
            return value.booleanValue();
        }
        if (raw == JsonNode.class) {
            return value;
        }
        if (raw == ObjectNode.class) {
            if (!value.isObject()) {
                throw mistyped(field, "an object");
            }
            return value;
        }
        if (raw.isEnum()) {
            if (!value.isString()) {
                throw mistyped(field, "a string");
            }
            for (Object constant : raw.getEnumConstants()) {
                if (wireName((Enum<?>) constant).equals(value.asString())) {
                    return constant;
                }
            }
            List<String> values = enumValues(raw);
            String meant = dev.signaltty.transport.Suggest.closest(value.asString(), values);
            throw ProtocolException.badParams(field, "unknown value '" + value.asString() + "'"
                    + (meant == null ? "" : " (did you mean '" + meant + "'?)") + " (one of " + String.join(", ", values) + ")");
        }
        if (raw == List.class) {
            Type element = ((ParameterizedType) generic).getActualTypeArguments()[0];
            AnnotatedType annotatedElement = typeArgument(annotated, 0);
            if (annotated.isAnnotationPresent(OneOrMany.class)) {
                if (!value.isArray()) {
                    return List.of(convert(element, annotatedElement, value, field));
                }
                if (value.isEmpty()) {
                    throw ProtocolException.badParams(field, "must not be empty");
                }
            } else if (!value.isArray()) {
                throw mistyped(field, "an array");
            }
            List<Object> list = new ArrayList<>(value.size());
            for (int i = 0; i < value.size(); i++) {
                JsonNode item = value.get(i);
                if (item.isNull()) {
                    throw ProtocolException.badParams(field + "[" + i + "]", "must not be null");
                }
                list.add(convert(element, annotatedElement, item, field + "[" + i + "]"));
            }
            return List.copyOf(list);
        }
        if (raw == Map.class) {
            if (!value.isObject()) {
                throw mistyped(field, "an object");
            }
            Type element = ((ParameterizedType) generic).getActualTypeArguments()[1];
            AnnotatedType annotatedElement = typeArgument(annotated, 1);
            Map<String, Object> map = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> entry : value.properties()) {
                String key = field + "." + entry.getKey();
                if (entry.getValue().isNull()) {
                    throw ProtocolException.badParams(key, "must not be null");
                }
                // a map's keys have the shape of its values (env names and values both go to exec)
                Shape shape = annotatedElement.getAnnotation(Shape.class);
                String keyProblem = shape == null ? null : shape.value().problem(entry.getKey());
                if (keyProblem != null) {
                    throw ProtocolException.badParams(key, "name " + keyProblem);
                }
                map.put(entry.getKey(), convert(element, annotatedElement, entry.getValue(), key));
            }
            return map;
        }
        if (raw.isRecord()) {
            if (!value.isObject()) {
                throw mistyped(field, "an object");
            }
            return bindRecord((Class<? extends Record>) raw, value, field + ".");
        }
        if (raw.isSealed() && raw.isInterface()) {
            if (!value.isObject()) {
                throw mistyped(field, "an object");
            }
            return bindRecord(Alternatives.pick(raw, value, field), value, field + ".");
        }
        throw new IllegalStateException("unsupported params type " + generic + " for " + field);
    }

    /** An enum constant's wire name: its name in lower case, as {@code schema} lists it. */
    static String wireName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    static List<String> enumValues(Class<?> type) {
        List<String> values = new ArrayList<>();
        for (Object constant : type.getEnumConstants()) {
            values.add(wireName((Enum<?>) constant));
        }
        return values;
    }

    private static AnnotatedType typeArgument(AnnotatedType annotated, int index) {
        return ((AnnotatedParameterizedType) annotated).getAnnotatedActualTypeArguments()[index];
    }

    static Class<?> rawClass(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        throw new IllegalStateException("unsupported type " + type);
    }

    private static ProtocolException mistyped(String field, String expected) {
        return ProtocolException.badParams(field, "must be " + expected);
    }
}
