package dev.signaltty.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * INTERNAL is the answer to a failure no handler anticipated (seed R312). No method of the real
 * daemon fails unexpectedly on purpose, so this test's context adds two handler beans that do — one
 * throws from its body, one returns a result that cannot be written — and drives them over the real
 * socket, through the real router and request processor.
 */
class InternalErrorTest {

    /** Handler beans present only in this test's daemon. */
    @Configuration(proxyBeanMethods = false)
    static class FailingHandlers {

        @Bean
        MethodHandler<NoParams, NoParams> throwingHandler() {
            return failing("test.throw", new IllegalStateException("a bug nobody anticipated"));
        }

        @Bean
        MethodHandler<NoParams, NoParams> erroringHandler() {
            return failing("test.error", new UnsatisfiedLinkError("a native function the handler binds is missing"));
        }

        /** A handler whose body throws {@code failure} (an exception or an Error). */
        static MethodHandler<NoParams, NoParams> failing(String method, Throwable failure) {
            return new MethodHandler<>() {
                @Override
                public String method() {
                    return method;
                }

                @Override
                public Class<NoParams> paramsType() {
                    return NoParams.class;
                }

                @Override
                public Class<?> resultType() {
                    return NoParams.class;
                }

                @Override
                public NoParams handle(NoParams params, CallContext context) {
                    if (failure instanceof RuntimeException e) {
                        throw e;
                    }
                    throw (Error) failure;
                }
            };
        }

        /** Its result's accessor throws while Jackson writes the response. */
        record Unwritable(String value) {
            @Override
            public String value() {
                throw new IllegalStateException("cannot be read");
            }
        }

        @Bean
        MethodHandler<NoParams, Unwritable> unwritableHandler() {
            return new MethodHandler<>() {
                @Override
                public String method() {
                    return "test.unwritable";
                }

                @Override
                public Class<NoParams> paramsType() {
                    return NoParams.class;
                }

                @Override
                public Class<?> resultType() {
                    return Unwritable.class;
                }

                @Override
                public Unwritable handle(NoParams params, CallContext context) {
                    return new Unwritable("x");
                }
            };
        }
    }

    @TempDir
    static Path root;
    static TestDaemon daemon;

    @BeforeAll
    static void start() {
        daemon = TestDaemon.startWith(root, List.of(FailingHandlers.class));
    }

    @AfterAll
    static void stop() {
        daemon.close();
    }

    @Test
    void aHandlerThatThrowsIsAnsweredInternalWithAMessageAndTheConnectionStaysUsable() { // seed R312
        try (ProtocolClient client = daemon.connect()) {
            JsonNode response = client.request("test.throw", Map.of());
            assertThat(response.get("ok").asBoolean()).isFalse();
            assertThat(response.get("type").asString()).isEqualTo("response");
            assertThat(response.get("id").asLong()).isEqualTo(1);
            assertThat(response.get("error").get("code").asString()).isEqualTo("INTERNAL");
            assertThat(response.get("error").get("message").asString()).contains("test.throw");
            // the exception's own text (which may hold paths or secrets) is not sent to the client
            assertThat(response.toString()).doesNotContain("a bug nobody anticipated");

            // the same connection goes on answering, and the daemon keeps serving
            assertThat(client.call("ping", Map.of())).isNotNull();
            assertThat(client.call("workspace.list", Map.of()).get("workspaces").isArray()).isTrue();
            assertThat(client.errorCode("test.throw", Map.of())).isEqualTo("INTERNAL");
            assertThat(client.call("ping", Map.of())).isNotNull();
        }
    }

    @Test
    void aHandlerThatThrowsAnErrorIsAnsweredInternalAndTheConnectionStaysUsable() { // seed R312
        try (ProtocolClient client = daemon.connect()) {
            JsonNode response = client.request("test.error", Map.of());
            assertThat(response.get("ok").asBoolean()).isFalse();
            assertThat(response.get("error").get("code").asString()).isEqualTo("INTERNAL");
            assertThat(response.get("error").get("message").asString()).contains("test.error", "UnsatisfiedLinkError");
            assertThat(client.call("ping", Map.of())).isNotNull();
        }
    }

    @Test
    void aResultThatCannotBeWrittenIsAnsweredInternalOnTheSameConnection() { // seed R312
        try (ProtocolClient client = daemon.connect()) {
            JsonNode response = client.request("test.unwritable", Map.of());
            assertThat(response.get("ok").asBoolean()).isFalse();
            assertThat(response.get("id").asLong()).isEqualTo(1);
            assertThat(response.get("error").get("code").asString()).isEqualTo("INTERNAL");
            assertThat(response.get("error").get("message").asString()).isNotBlank();
            assertThat(client.call("ping", Map.of())).isNotNull();
        }
    }
}
