package dev.signaltty.transport;

import com.fasterxml.jackson.annotation.JsonInclude;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.util.ByteArrayBuilder;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one JSON configuration of the wire and the journal: records are written with snake_case names
 * and without null members, so a Java {@code paneId} is {@code pane_id} everywhere.
 */
public final class ProtocolJson {

    public static final JsonMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_NULL))
            .build();

    private ProtocolJson() {
    }

    /** What one line holds, written to the generator {@link #line} gives it. */
    @FunctionalInterface
    public interface LineBody {
        void write(JsonGenerator json);
    }

    /**
     * One JSON line and its newline, written by one generator straight into the line's bytes: no tree or
     * map is built first and the body is not copied again for the newline (ADR 0440). Answers and
     * audit records are written so.
     */
    public static byte[] line(LineBody body) {
        ByteArrayBuilder line = new ByteArrayBuilder(256);
        try (JsonGenerator json = MAPPER.createGenerator(line)) {
            body.write(json);
            json.writeRaw('\n');
        }
        return line.toByteArray();
    }
}
