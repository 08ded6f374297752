package dev.signaltty.agent.real;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * docs/agents.md's real-agent scenario table is {@link Scenario#table()}, the list the real-agent tests
 * take their expected sequences from (run with {@code -Dagents.doc.write=true} to rewrite it).
 */
class ScenarioTableDocTest {

    static final Path DOC = Path.of("docs", "agents.md");
    static final String BEGIN = "<!-- scenario table: generated from Scenario by ScenarioTableDocTest -->";
    static final String END = "<!-- end of scenario table -->";

    @Test
    void theScenarioTableIsTheOneTheTestsAssert() throws IOException {
        String doc = Files.readString(DOC);
        String generated = BEGIN + "\n" + Scenario.table() + END;
        int begin = doc.indexOf(BEGIN);
        if (Boolean.getBoolean("agents.doc.write") && begin >= 0) {
            doc = doc.substring(0, begin) + generated + doc.substring(doc.indexOf(END) + END.length());
            Files.writeString(DOC, doc);
        }
        assertThat(begin).as("docs/agents.md has the scenario table's markers").isNotNegative();
        assertThat(doc.substring(begin, doc.indexOf(END) + END.length())).isEqualTo(generated);
    }
}
