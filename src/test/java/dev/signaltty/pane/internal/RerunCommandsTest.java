package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The rerun allowlist's matching and the typed line (issue 17 item 3; end to end: RerunForegroundCommandTest). */
class RerunCommandsTest {

    private final RerunCommands allow = new RerunCommands("vim, npm run dev ,  ");

    @Test
    void aProgramNameMatchesTheFirstWordOrItsFileName() {
        assertThat(allow.allowed(List.of("vim", "notes.md"))).containsExactly("vim", "notes.md");
        assertThat(allow.allowed(List.of("/usr/bin/vim", "-R", "x"))).containsExactly("/usr/bin/vim", "-R", "x");
        assertThat(allow.allowed(List.of("vimdiff", "a", "b"))).isNull();
        assertThat(allow.allowed(List.of("less", "vim"))).isNull();
    }

    @Test
    void aCommandLineMatchesWordByWordAndAScriptThroughItsInterpreterFromItsSecondWord() {
        assertThat(allow.allowed(List.of("npm", "run", "dev", "--", "--port", "3000")))
                .containsExactly("npm", "run", "dev", "--", "--port", "3000");
        assertThat(allow.allowed(List.of("npm", "run", "build"))).isNull();
        assertThat(allow.allowed(List.of("node", "/usr/bin/npm", "run", "dev"))).containsExactly("/usr/bin/npm", "run", "dev");
        assertThat(allow.allowed(List.of())).isNull();
        assertThat(allow.allowed(null)).isNull();
        assertThat(new RerunCommands("").allowed(List.of("vim"))).as("the default: nothing is rerun").isNull();
    }

    @Test
    void theTypedLineQuotesWhatTheShellWouldSplitOrExpand() {
        assertThat(RerunCommands.shellLine(List.of("vim", "my notes.md", "it's", "$HOME", "a/b.c")))
                .isEqualTo("vim 'my notes.md' 'it'\\''s' '$HOME' a/b.c");
    }

    @Test
    void theTypedLineGoesToTheCommandsDirectoryFirstAndStopsWhenItIsGone() { // ADR 0330
        assertThat(new ForegroundCommand(List.of("vim", "a b"), "/home/u/it's here").shellLine())
                .isEqualTo("cd -- '/home/u/it'\\''s here' && vim 'a b'");
        assertThat(new ForegroundCommand(List.of("vim"), null).shellLine()).as("cwd unknown: where the shell starts")
                .isEqualTo("vim");
    }

    @Test
    void theForegroundGroupIsField8OfStatEvenWhenTheCommandNameHoldsParentheses() {
        assertThat(ForegroundCommand.foregroundGroup("4242 (we (ird) name) S 1 4242 4242 34816 5151 4194560 0 0"))
                .isEqualTo(5151);
        assertThat(ForegroundCommand.argv("vim\0my notes.md\0".getBytes(StandardCharsets.UTF_8)))
                .containsExactly("vim", "my notes.md");
    }
}
