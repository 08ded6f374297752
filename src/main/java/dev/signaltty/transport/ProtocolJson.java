package dev.signaltty.transport;

import com.fasterxml.jackson.annotation.JsonInclude;

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
}
