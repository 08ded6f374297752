package dev.signaltty.transport;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * A handler's params and result records, read once per class from its {@code MethodHandler<P, R>}
 * type arguments (ADR 0271), so a handler states its types once, in its {@code implements} clause.
 */
final class HandlerTypes {

    private static final ClassValue<Class<?>[]> TYPES = new ClassValue<>() {
        @Override
        protected Class<?>[] computeValue(Class<?> handler) {
            for (Class<?> c = handler; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Type type : c.getGenericInterfaces()) {
                    if (type instanceof ParameterizedType p && p.getRawType() == MethodHandler.class) {
                        Type[] args = p.getActualTypeArguments();
                        if (args[0] instanceof Class<?> params && args[1] instanceof Class<?> result) {
                            return new Class<?>[] {params, result};
                        }
                    }
                }
            }
            throw new IllegalStateException(handler.getName() + " implements MethodHandler without concrete "
                    + "record type arguments: override paramsType() and resultType()");
        }
    };

    private HandlerTypes() {
    }

    static Class<?> params(Class<?> handler) {
        return TYPES.get(handler)[0];
    }

    static Class<?> result(Class<?> handler) {
        return TYPES.get(handler)[1];
    }
}
