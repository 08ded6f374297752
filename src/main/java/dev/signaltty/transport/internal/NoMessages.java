package dev.signaltty.transport.internal;

import java.text.MessageFormat;
import java.util.Locale;

import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.context.NoSuchMessageException;

/**
 * The daemon context's {@code messageSource}: it has no message bundles (the protocol's texts are English
 * and built in), so it only gives back a caller's default message. Spring makes a
 * {@code DelegatingMessageSource} when no such bean exists, and in Spring 7 the first one lists every
 * locale the JDK has (the class's static {@code JVM_LOCALES}: ~27 ms of the main thread's CPU before the
 * socket listens, ADR 0570). Same answers as that delegate without a parent.
 */
final class NoMessages implements MessageSource {

    @Override
    public @Nullable String getMessage(String code, Object @Nullable [] args, @Nullable String defaultMessage,
                                       @Nullable Locale locale) {
        return defaultMessage == null ? null : render(defaultMessage, args, locale);
    }

    @Override
    public String getMessage(String code, Object @Nullable [] args, @Nullable Locale locale) {
        throw new NoSuchMessageException(code, locale != null ? locale : Locale.ROOT);
    }

    @Override
    public String getMessage(MessageSourceResolvable resolvable, @Nullable Locale locale) {
        String defaultMessage = resolvable.getDefaultMessage();
        if (defaultMessage != null) {
            return render(defaultMessage, resolvable.getArguments(), locale);
        }
        String[] codes = resolvable.getCodes();
        throw new NoSuchMessageException(codes != null && codes.length > 0 ? codes[codes.length - 1] : "",
                locale != null ? locale : Locale.ROOT);
    }

    private static String render(String message, Object @Nullable [] args, @Nullable Locale locale) {
        if (args == null || args.length == 0) {
            return message;
        }
        return new MessageFormat(message, locale != null ? locale : Locale.ROOT).format(args);
    }
}
