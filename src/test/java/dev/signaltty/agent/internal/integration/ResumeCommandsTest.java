package dev.signaltty.agent.internal.integration;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The resume argv rule of each adapter (seed L93–97, ADR-0083); the daemon-level cases are in AgentResumeTest. */
class ResumeCommandsTest {

    final AgentAdapter claude = new ClaudeCodeAdapter(120);
    final AgentAdapter codex = new CodexAdapter(new VersionProbe(), 120, false);

    @Nested
    class TheAdapterCommand {

        @Test
        void claudeCodeResumesItsSessionWithResume() {
            assertThat(ResumeCommands.argv(claude, List.of("claude"), "sess-1", null))
                    .containsExactly("claude", "--resume", "sess-1");
        }

        @Test
        void codexResumesItsSessionWithTheResumeSubcommand() {
            assertThat(ResumeCommands.argv(codex, List.of("codex"), "0199-abc", null))
                    .containsExactly("codex", "resume", "0199-abc");
        }

        @Test
        void launchOptionsAreNotCopiedIntoTheResumeArguments() { // seed R359
            assertThat(ResumeCommands.argv(claude, List.of("claude", "--model", "opus", "fix the bug"), "s", null))
                    .containsExactly("claude", "--resume", "s");
            assertThat(ResumeCommands.argv(codex, List.of("codex", "--full-auto", "-m", "o3"), "t", null))
                    .containsExactly("codex", "resume", "t");
        }
    }

    @Nested
    class TheExecutable {

        @Test
        void aPathQualifiedExecutableNamedLikeTheResumeCommandIsKept() { // seed R355
            assertThat(ResumeCommands.argv(claude, List.of("/opt/agents/bin/claude", "--verbose"), "s", null))
                    .containsExactly("/opt/agents/bin/claude", "--resume", "s");
        }

        @Test
        void aPathQualifiedExecutableWithAnotherBasenameGivesTheBareCommand() {
            assertThat(ResumeCommands.argv(codex, List.of("/opt/wrappers/codex-wrapper"), "t", null))
                    .containsExactly("codex", "resume", "t");
        }

        @Test
        void aLegacyRelativeExecutableKeepsTheAdapterCommand() { // seed R363
            assertThat(ResumeCommands.argv(claude, List.of("./node_modules/.bin/claude"), "s", null))
                    .containsExactly("claude", "--resume", "s");
        }

        @Test
        void aManifestResumePathWinsOverTheRetainedExecutable() { // seed R357
            assertThat(ResumeCommands.argv(claude, List.of("/opt/agents/bin/claude"), "s", "/srv/claude-2/claude"))
                    .containsExactly("/srv/claude-2/claude", "--resume", "s");
        }
    }

    @Nested
    class TheManifest {

        @Test
        void isReadFromTheAgentsFolderOfTheConfigDirectory(@TempDir Path config) throws Exception {
            Files.createDirectories(config.resolve("agents"));
            Files.writeString(config.resolve("agents/claude.json"), "{\"resume_executable\": \"/srv/bin/claude\"}");
            assertThat(ResumeCommands.manifestExecutable(config, "claude")).isEqualTo("/srv/bin/claude");
            assertThat(ResumeCommands.manifestExecutable(config, "codex")).isNull();
        }

        @Test
        void aRelativeOrUnreadableManifestIsIgnored(@TempDir Path config) throws Exception {
            Files.createDirectories(config.resolve("agents"));
            Files.writeString(config.resolve("agents/claude.json"), "{\"resume_executable\": \"bin/claude\"}");
            Files.writeString(config.resolve("agents/codex.json"), "{not json");
            assertThat(ResumeCommands.manifestExecutable(config, "claude")).isNull();
            assertThat(ResumeCommands.manifestExecutable(config, "codex")).isNull();
        }
    }
}
