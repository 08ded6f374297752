package dev.signaltty.transport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a params record's {@code List} component: the wire may send one element alone or a nonempty array of
 * them, in the caller's order (the seed's {@code until}: "a nonempty array matches any alternative in caller
 * order"). The binder (transport's ParamsBinder) turns one element into a list of one and refuses an empty
 * array; {@code schema} shows the type as {@code {"one_or_many": element}}.
 */
@Target(ElementType.TYPE_USE)
@Retention(RetentionPolicy.RUNTIME)
public @interface OneOrMany {
}
