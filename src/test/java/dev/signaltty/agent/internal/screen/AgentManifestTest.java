package dev.signaltty.agent.internal.screen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.signaltty.agent.internal.ScreenReport;
import dev.signaltty.transport.ProtocolJson;

/** Manifest parsing refuses with the field at fault; regions cut the screen as docs/agents.md says. */
class AgentManifestTest {

    static AgentManifest parse(String json) throws AgentManifest.Refused {
        return AgentManifest.parse(ProtocolJson.MAPPER.readTree(json), "f.json", "f");
    }

    static String rule(String fields) {
        return "{\"programs\": [\"p\"], \"rules\": [{\"id\": \"a\", \"region\": \"screen\", \"regex\": \"x\", "
                + "\"lifecycle\": \"idle\"}, {" + fields + "}]}";
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "\"id\": \"b\", \"region\": \"screen\", \"regex\": \"(x\", \"lifecycle\": \"idle\" | rules[1].regex | not a valid RE2",
            "\"id\": \"b\", \"region\": \"screen\", \"regex\": \"x\", \"lifecycle\": \"waiting\" | rules[1].lifecycle | unknown state \"waiting\"",
            "\"id\": \"b\", \"region\": \"screen\", \"regex\": \"x\", \"attention\": \"urgent\" | rules[1].attention | unknown state \"urgent\"",
            "\"id\": \"b\", \"region\": \"screen\", \"regex\": \"x\", \"lifecycle\": \"exited\" | rules[1].lifecycle | unknown state \"exited\"",
            "\"id\": \"b\", \"region\": \"box\", \"regex\": \"x\", \"lifecycle\": \"idle\" | rules[1].region | unknown region \"box\"",
            "\"id\": \"b\", \"region\": \"screen\", \"lines\": 3, \"regex\": \"x\", \"lifecycle\": \"idle\" | rules[1].lines | only to region last_lines",
            "\"id\": \"b\", \"region\": \"last_lines\", \"lines\": 99, \"regex\": \"x\", \"lifecycle\": \"idle\" | rules[1].lines | from 1 to 50",
            "\"id\": \"a\", \"region\": \"screen\", \"regex\": \"x\", \"lifecycle\": \"idle\" | rules[1].id | duplicate rule id",
            "\"id\": \"b\", \"region\": \"screen\", \"regex\": \"x\" | rules[1] | neither a lifecycle nor an attention",
            "\"id\": \"b\", \"region\": \"screen\", \"regex\": \"x\", \"lifecycle\": \"idle\", \"priorty\": 3 | rules[1].priorty | unknown field",
            "\"id\": \"b\", \"region\": \"screen\", \"regex\": \"x\", \"lifecycle\": \"idle\", \"priority\": \"high\" | rules[1].priority | integer"})
    void aBadRuleIsRefusedNamingItsField(String fields, String field, String message) {
        assertThatThrownBy(() -> parse(rule(fields))).isInstanceOfSatisfying(AgentManifest.Refused.class, e -> {
            assertThat(e.error.file()).isEqualTo("f.json");
            assertThat(e.error.field()).isEqualTo(field);
            assertThat(e.error.message()).contains(message);
        });
    }

    @Test
    void theManifestItselfIsCheckedAndAResumeOnlyFileIsNoScreenManifest() throws Exception {
        assertThatThrownBy(() -> parse("{\"rules\": [], \"programs\": [\"p\"]}"))
                .hasMessageContaining("f.json: rules: must be a non-empty array");
        assertThatThrownBy(() -> parse("{\"rules\": [{}], \"programs\": [\"/usr/bin/p\"]}"))
                .hasMessageContaining("programs[0]: must be a bare executable name");
        assertThatThrownBy(() -> parse("{\"rule\": []}")).hasMessageContaining("f.json: rule: unknown field");
        assertThat(parse("{\"resume_executable\": \"/opt/x/bin/claude\"}")).isNull();
    }

    @Test
    void rulesAreTriedHighestPriorityFirstAndTheFirstMatchWins() throws Exception {
        AgentManifest m = parse("""
                {"programs": ["p"], "rules": [
                  {"id": "low", "priority": 1, "region": "screen", "regex": "Ready", "lifecycle": "idle"},
                  {"id": "high", "priority": 9, "region": "last_lines", "regex": "\\\\?$", "lifecycle": "blocked"}]}
                """);
        assertThat(m.rules()).extracting(ScreenRule::id).containsExactly("high", "low");
        ScreenReport asked = ScreenWatch.evaluate(m, new ScreenSnapshot(List.of("Ready", "Sure?", ""), "", ""));
        assertThat(asked.rule()).isEqualTo("high");
        assertThat(asked.matched()).isEqualTo("?");
        assertThat(asked.region()).isEqualTo("last_lines:1");
        assertThat(ScreenWatch.evaluate(m, new ScreenSnapshot(List.of("Ready"), "", "")).rule()).isEqualTo("low");
        assertThat(ScreenWatch.evaluate(m, new ScreenSnapshot(List.of(), "", ""))).isNull();
    }

    @Test
    void regionsCutTheScreen() {
        List<String> rows = List.of("old output", "╭────────╮", "│ > hi   │", "╰────────╯", "", "status line", "");
        ScreenSnapshot s = new ScreenSnapshot(rows, "the title", "normal 40");
        assertThat(new Region(Region.Kind.LAST_LINES, 2).text(s)).isEqualTo("╰────────╯\nstatus line");
        assertThat(new Region(Region.Kind.PROMPT_BOX, 1).text(s)).isEqualTo("> hi");
        assertThat(new Region(Region.Kind.TITLE, 1).text(s)).isEqualTo("the title");
        assertThat(new Region(Region.Kind.PROGRESS, 1).text(s)).isEqualTo("normal 40");
        assertThat(new Region(Region.Kind.SCREEN, 1).text(s)).startsWith("old output\n╭");
        assertThat(new Region(Region.Kind.PROMPT_BOX, 1).text(new ScreenSnapshot(List.of("no box"), "", ""))).isEmpty();
    }

    /** The example in docs/agents.md is a manifest the daemon accepts. */
    @Test
    void theDocumentedExampleParses() throws Exception {
        String doc = Files.readString(Path.of("docs/agents.md"));
        int start = doc.indexOf("```json\n", doc.indexOf("## Screen rules")) + "```json\n".length();
        String example = doc.substring(start, doc.indexOf("```", start));
        AgentManifest m = AgentManifest.parse(ProtocolJson.MAPPER.readTree(example), "doc", "deploy");
        assertThat(m.programs()).containsExactly("deploy.sh");
        assertThat(m.rules()).extracting(ScreenRule::id).containsExactly("question", "busy", "ready");
    }
}
