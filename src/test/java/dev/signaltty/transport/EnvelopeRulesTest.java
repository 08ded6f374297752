package dev.signaltty.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/** The envelope rules of signaltty/1, over the real socket; after each violation the connection still works. */
class EnvelopeRulesTest {

    @RegisterExtension
    static final DaemonFixture daemon = DaemonFixture.withoutWorkspace();

    private static JsonNode raw(String line) {
        daemon.client().sendRaw(line + "\n");
        return daemon.client().nextResponse();
    }

    private static void assertStillServes() {
        assertThat(daemon.client().call("ping", Map.of()).get("pong").asBoolean()).isTrue();
    }

    private static String code(JsonNode response) {
        assertThat(response.get("ok").asBoolean()).isFalse();
        return response.get("error").get("code").asString();
    }

    @Test
    void createsTheSocketPrivately() throws Exception { // seed R1, seed R2, seed R3
        assertThat(daemon.socket()).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(daemon.socket().getParent())))
                .isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(daemon.socket())))
                .isEqualTo("rw-------");
    }

    @Nested
    class BadProtocol {

        @Test
        void answersALineThatIsNotJsonWithANullId() { // seed R11, seed R12
            JsonNode response = raw("this is not json");
            assertThat(code(response)).isEqualTo("BAD_PROTOCOL");
            assertThat(response.get("id").isNull()).isTrue();
            assertStillServes();
        }

        @Test
        void answersAJsonArray() {
            assertThat(code(raw("[1,2,3]"))).isEqualTo("BAD_PROTOCOL");
            assertStillServes();
        }

        @Test
        void answersAWrongProtocolStringEchoingTheId() { // seed R11, seed R12
            JsonNode response = raw("{\"protocol\":\"signaltty/2\",\"id\":\"c-1\",\"method\":\"ping\"}");
            assertThat(code(response)).isEqualTo("BAD_PROTOCOL");
            assertThat(response.get("id").asString()).isEqualTo("c-1");
            assertStillServes();
        }

        @Test
        void answersAMethodThatIsNotAString() {
            JsonNode response = raw("{\"id\":7,\"method\":42}");
            assertThat(code(response)).isEqualTo("BAD_PROTOCOL");
            assertThat(response.get("id").asInt()).isEqualTo(7);
            assertStillServes();
        }

        @Test
        void discardsALineOver16MiBAndRecoversAtTheNextNewline() { // seed R9
            byte[] huge = new byte[17 * 1024 * 1024 + 2];
            Arrays.fill(huge, (byte) 'x');
            huge[0] = '{';
            huge[huge.length - 1] = '\n';
            daemon.client().sendRaw(huge);
            JsonNode response = daemon.client().nextResponse();
            assertThat(code(response)).isEqualTo("BAD_PROTOCOL");
            assertThat(response.get("id").isNull()).isTrue();
            assertStillServes();
        }

        @Test
        void acceptsAnAbsentProtocolAsSignaltty1() {
            JsonNode response = raw("{\"id\":\"x\",\"method\":\"ping\"}");
            assertThat(response.get("ok").asBoolean()).isTrue();
        }
    }

    @Nested
    class Methods {

        @Test
        void answersAnUnknownMethod() { // seed R13
            assertThat(daemon.client().errorCode("no.such", Map.of())).isEqualTo("UNKNOWN_METHOD");
            assertStillServes();
        }

        /**
         * A mistyped method is answered with the one meant and where the list is, and names what was asked in
         * details.method; a name longer than any method (a megabyte of it) is answered without a guess.
         */
        @Test
        void answersAMistypedMethodWithTheOneMeant() { // seed R13
            JsonNode typo = daemon.client().request("pane.raed", Map.of("pane_id", "pane_x"));
            assertThat(code(typo)).isEqualTo("UNKNOWN_METHOD");
            assertThat(typo.get("error").get("message").asString()).isEqualTo(
                    "unknown method pane.raed (did you mean 'pane.read'?); the schema method lists every method");
            assertThat(typo.get("error").get("details").get("method").asString()).isEqualTo("pane.raed");
            assertThat(daemon.client().request("pnae.read", Map.of()).get("error").get("message").asString())
                    .startsWith("unknown method pnae.read (did you mean 'pane.read'?)");
            JsonNode far = daemon.client().request("pane.frobnicate", Map.of());
            assertThat(far.get("error").get("message").asString())
                    .isEqualTo("unknown method pane.frobnicate; the schema method lists every method");
            String huge = "pane.read" + "x".repeat(1 << 20);
            JsonNode long_ = daemon.client().request(huge, Map.of());
            assertThat(code(long_)).isEqualTo("UNKNOWN_METHOD");
            assertThat(long_.get("error").get("message").asString()).doesNotContain("did you mean");
            assertStillServes();
        }

        @Test
        void keepsPaneZoomUnknownBecauseZoomIsAGuiView() { // seed R242
            JsonNode zoom = daemon.client().request("pane.zoom", Map.of("pane_id", "pane_x"));
            assertThat(code(zoom)).isEqualTo("UNKNOWN_METHOD");
            // no guess: pane.move is as far from pane.zoom as any verb of the pane family
            assertThat(zoom.get("error").get("message").asString())
                    .isEqualTo("unknown method pane.zoom; the schema method lists every method");
        }
    }

    @Nested
    class Params {

        @Test
        void rejectsAMistypedFieldNamingIt() { // seed R15
            JsonNode response = daemon.client().request("workspace.create", Map.of("name", 42));
            assertThat(code(response)).isEqualTo("BAD_PARAMS");
            assertThat(response.get("error").get("details").get("field").asString()).isEqualTo("name");
            assertStillServes();
        }

        @Test
        void rejectsParamsThatAreNotAnObject() {
            JsonNode response = raw("{\"id\":1,\"method\":\"ping\",\"params\":[1]}");
            assertThat(code(response)).isEqualTo("BAD_PARAMS");
        }

        @Test
        void treatsAnExplicitNullOptionalAsAbsent() { // seed R16
            JsonNode response = raw("{\"id\":1,\"method\":\"tab.list\",\"params\":{\"workspace_id\":null}}");
            assertThat(response.get("ok").asBoolean()).isTrue();
        }

        @Test
        void treatsAnExplicitNullRequiredFieldAsMissing() { // seed R16
            JsonNode response = raw("{\"id\":1,\"method\":\"workspace.get\",\"params\":{\"workspace_id\":null}}");
            assertThat(code(response)).isEqualTo("BAD_PARAMS");
            assertThat(response.get("error").get("details").get("field").asString()).isEqualTo("workspace_id");
        }

        @Test
        void ignoresUnknownFields() { // seed R14
            JsonNode response = raw("{\"id\":1,\"method\":\"ping\",\"params\":{\"future_flag\":true}}");
            assertThat(response.get("ok").asBoolean()).isTrue();
        }

        @Test
        void rejectsAStringWhereAnIntegerBelongs() {
            JsonNode response = daemon.client().request("pane.read", Map.of("pane_id", "p", "lines", "10"));
            assertThat(code(response)).isEqualTo("BAD_PARAMS");
            assertThat(response.get("error").get("details").get("field").asString()).isEqualTo("lines");
        }
    }

    @Test
    void answersPipelinedRequestsInOrderOnOneConnection() { // seed R5, seed R6
        StringBuilder batch = new StringBuilder();
        for (int i = 1; i <= 50; i++) {
            batch.append("{\"id\":\"p").append(i).append("\",\"method\":\"ping\"}\n");
        }
        daemon.client().sendRaw(batch.toString());
        for (int i = 1; i <= 50; i++) {
            assertThat(daemon.client().nextResponse().get("id").asString()).isEqualTo("p" + i);
        }
    }

    @Test
    void reportsServerInfo() {
        JsonNode info = daemon.client().call("server.info", Map.of());
        assertThat(info.get("protocol").asString()).isEqualTo("signaltty/1");
        assertThat(info.get("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
        assertThat(info.get("socket").asString()).isEqualTo(daemon.socket().toString());
        assertThat(info.get("state_dir").asString()).isEqualTo(daemon.stateDir().toString());
    }

    @Test
    void writesEachResponseAsOneJsonLine() throws Exception { // seed R5, seed R6
        daemon.client().sendRaw("{\"id\":1,\"method\":\"ping\"}\n");
        String line = daemon.client().readRawLine();
        assertThat(ProtocolJson.MAPPER.readTree(line.getBytes(StandardCharsets.UTF_8)).get("type").asString())
                .isEqualTo("response");
    }
}
