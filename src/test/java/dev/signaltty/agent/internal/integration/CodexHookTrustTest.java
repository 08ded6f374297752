package dev.signaltty.agent.internal.integration;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trust hash is Codex 0.171's own: the expected value is what its "Trust all" wrote for this hook. */
class CodexHookTrustTest {

    static final CodexHookTrust.Hook SESSION_START = new CodexHookTrust.Hook("SessionStart",
            "cat >> /tmp/explore/chooks.log; echo >> /tmp/explore/chooks.log", 600);

    @Test
    void theHashIsTheOneCodexRecordsWhenAPersonTrustsTheHook() {
        assertThat(CodexHookTrust.hash(SESSION_START))
                .isEqualTo("sha256:c956124b9260cc1371925ee5e704450a19d4bbad3ea8985f4354a82002cc04f0");
        assertThat(CodexHookTrust.snake("UserPromptSubmit")).isEqualTo("user_prompt_submit");
    }

    @Test
    void trustIsReadFromCodexHomeAndOnlyAnExactHashCounts(@TempDir Path home) throws Exception {
        CodexHookTrust.Hook stop = new CodexHookTrust.Hook("Stop", "x", 10);
        Map<String, String> env = Map.of("CODEX_HOME", home.toString());
        assertThat(CodexHookTrust.untrusted(List.of(SESSION_START, stop), env)).containsExactly("SessionStart", "Stop");
        Files.writeString(home.resolve("config.toml"), """
                [hooks.state."/<session-flags>/config.toml:session_start:0:0"]
                trusted_hash = "%s"

                [hooks.state."/<session-flags>/config.toml:stop:0:0"]
                trusted_hash = "sha256:0000"
                """.formatted(CodexHookTrust.hash(SESSION_START)));
        assertThat(CodexHookTrust.untrusted(List.of(SESSION_START, stop), env)).containsExactly("Stop");
    }
}
