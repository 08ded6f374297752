package dev.signaltty.transport;

import com.fasterxml.jackson.annotation.JsonInclude;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one Jackson configuration of signaltty/1, shared by the wire (frames, params, results) and the
 * journal (audit records, snapshots), so a payload reads the same on the socket and on disk.
 *
 * <p>Record components are written snake_case, nulls are omitted, instants are ISO-8601 strings with
 * millisecond precision, unknown fields are ignored on read (forward compatibility).
 */
public final class ProtocolJson {

    public static final JsonMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .changeDefaultPropertyInclusion(incl -> incl
                    .withValueInclusion(JsonInclude.Include.NON_NULL)
                    .withContentInclusion(JsonInclude.Include.NON_NULL))
            .disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(DateTimeFeature.TRUNCATE_TO_MSECS_ON_WRITE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private ProtocolJson() {
    }
}
