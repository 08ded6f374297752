package dev.signaltty.transport;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * A failure that becomes an error response. Handlers throw it; the router turns it into
 * {@code {"ok":false,"error":{code,message,details?}}}. Anything else thrown becomes {@code INTERNAL}.
 */
public class ProtocolException extends RuntimeException {

    private final ErrorCode code;
    private final Map<String, Object> details;

    public ProtocolException(ErrorCode code, String message) {
        this(code, message, Map.of());
    }

    public ProtocolException(ErrorCode code, String message, Map<String, ?> details) {
        this(code, message, details, null);
    }

    public ProtocolException(ErrorCode code, String message, Map<String, ?> details, @Nullable Throwable cause) {
        super(message, cause, false, false);
        this.code = code;
        this.details = new LinkedHashMap<>(details);
    }

    public ErrorCode code() {
        return code;
    }

    public Map<String, Object> details() {
        return details;
    }

    /** BAD_PARAMS naming the offending field in {@code details.field}. */
    public static ProtocolException badParams(String field, String message) {
        return new ProtocolException(ErrorCode.BAD_PARAMS, field + ": " + message, Map.of("field", field));
    }

    public static ProtocolException badParams(String message) {
        return new ProtocolException(ErrorCode.BAD_PARAMS, message);
    }

    public static ProtocolException of(ErrorCode code, String message) {
        return new ProtocolException(code, message);
    }
}
