package dev.signaltty.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import dev.signaltty.cli.internal.ArgParser.Invocation;
import dev.signaltty.cli.internal.ArgParser.UsageException;

class ArgParserTest {

    private final Map<String, String> env = new HashMap<>(Map.of("HOME", "/home/u", "SHELL", "/bin/zsh"));
    private final Path cwd = Path.of("/work/project");

    private Invocation parse(String... words) {
        return new ArgParser(CommandTable.standard(), env::get, cwd).parse(List.of(words));
    }

    @Nested
    class Commands {

        @Test
        void resolvesNounVerbToTheMethod() { // seed R334
            Invocation inv = parse("pane", "read", "web", "--mode", "rendered", "--after-seq", "42", "--lines=10");
            assertThat(inv.spec().method()).isEqualTo("pane.read");
            assertThat(inv.params()).containsExactly(Map.entry("pane_id", "web"), Map.entry("mode", "rendered"),
                    Map.entry("after_seq", 42L), Map.entry("lines", 10L));
        }

        @Test
        void acceptsFlagsBeforePositionals() {
            assertThat(parse("pane", "read", "--mode", "screen", "pane_1").params())
                    .containsEntry("pane_id", "pane_1").containsEntry("mode", "screen");
        }

        @Test
        void mapsWaitOutputFlagsToPaneWaitForOutput() { // seed R346
            Invocation inv = parse("pane", "wait-output", "p1", "ready.*", "--regex", "--mode", "rendered",
                    "--after-seq", "7", "--timeout", "30", "--raw");
            assertThat(inv.spec().method()).isEqualTo("pane.wait_for_output");
            assertThat(inv.params()).containsEntry("match", "ready.*").containsEntry("regex", true)
                    .containsEntry("after_seq", 7L).containsEntry("timeout_s", new BigDecimal("30"))
                    .containsEntry("strip_ansi", false);
        }

        @Test
        void readsGlobalSwitchesAnywhere() {
            Invocation inv = parse("--no-start", "pane", "list", "--json");
            assertThat(inv.options().json()).isTrue();
            assertThat(inv.options().noStart()).isTrue();
            assertThat(inv.params()).isEmpty();
        }

        @Test
        void asksForTheVerbListOfANounWithHelp() {
            Invocation inv = parse("pane", "--help");
            assertThat(inv.spec()).isNull();
            assertThat(inv.noun()).isEqualTo("pane");
            assertThat(inv.options().help()).isTrue();
        }

        @Test
        void returnsNoSpecWhenNoCommandIsNamed() {
            assertThat(parse().spec()).isNull();
            assertThat(parse("--no-start").options().noStart()).isTrue();
        }
    }

    @Nested
    class Launches {

        @Test
        void takesTheWorkerCommandFromTrailingWords() { // seed R339
            Invocation inv = parse("task", "start", "--repo", "../repo", "--objective", "fix it", "--", "claude",
                    "--model", "x");
            assertThat(inv.spec().method()).isEqualTo("task.start");
            assertThat(inv.params()).containsEntry("repo", "/work/repo").containsEntry("objective", "fix it")
                    .containsEntry("argv", List.of("claude", "--model", "x"));
        }

        @Test
        void runsTheUsersShellWhenSpawnHasNoCommand() {
            assertThat(parse("pane", "spawn", "ws").params()).containsEntry("argv", List.of("/bin/zsh"))
                    .doesNotContainKey("cwd");
            env.remove("SHELL");
            assertThat(parse("pane", "spawn", "ws").params()).containsEntry("argv", List.of("bash"));
        }

        @Test
        void newCreatesTheWorkspaceInTheCallersDirectory() { // seed R333
            Invocation inv = parse("new", "my api", "--", "bash", "-l");
            assertThat(inv.spec().action()).isEqualTo(CommandSpec.Action.NEW);
            assertThat(inv.params()).containsEntry("name", "my api").containsEntry("cwd", "/work/project")
                    .containsEntry("argv", List.of("bash", "-l"));
        }

        @Test
        void resolvesPathsAgainstTheCallerNotTheDaemon() {
            assertThat(parse("workspace", "create", "--cwd", "~/src").params()).containsEntry("cwd", "/home/u/src");
            assertThat(parse("pane", "spawn", "ws", "--cwd", "sub/../dir").params())
                    .containsEntry("cwd", "/work/project/dir");
        }

        @Test
        void collectsRepeatedEnvFlagsIntoAnObject() {
            assertThat(parse("pane", "spawn", "ws", "--env", "A=1", "--env", "B=x=y", "--cols", "100").params())
                    .containsEntry("env", Map.of("A", "1", "B", "x=y")).containsEntry("cols", 100L);
        }
    }

    @Nested
    class Lists {

        @Test
        void sendsOneUntilStateAsAStringAndSeveralAsAnArray() { // seed R335
            assertThat(parse("wait", "p1", "--until", "idle").params()).containsEntry("until", "idle");
            assertThat(parse("wait", "p1", "--until", "idle", "done").params())
                    .containsEntry("until", List.of("idle", "done"));
        }

        @Test
        void doesNotLetAListSwallowARequiredPositional() {
            assertThat(parse("wait", "--until", "idle", "p1").params()).containsEntry("pane_id", "p1")
                    .containsEntry("until", "idle");
        }

        @Test
        void parsesTheAfterBaselineAsJson() {
            assertThat(parse("wait", "p1", "--until", "done", "--after", "{\"pane_id\":\"p1\",\"lifecycle_seq\":3}")
                    .params().get("after")).isEqualTo(Map.of("pane_id", "p1", "lifecycle_seq", 3L));
        }

        @Test
        void streamsEventsForSeveralGlobsAndTasks() {
            Invocation inv = parse("events", "--events", "pane.*", "agent.*", "--from-seq", "5", "--task", "t1");
            assertThat(inv.spec().method()).isEqualTo("subscribe");
            assertThat(inv.params()).containsEntry("events", List.of("pane.*", "agent.*"))
                    .containsEntry("from_seq", 5L).containsEntry("task_ids", List.of("t1"));
        }

        @Test
        void readsADividerPathFromCommasOrWords() {
            assertThat(parse("tab", "set-ratio", "t1", "0.3", "--path", "0,1").params())
                    .containsEntry("path", List.of(0L, 1L)).containsEntry("ratio", new BigDecimal("0.3"));
        }
    }

    @Nested
    class Defaults {

        @Test
        void taskWaitDefaultsToSettled() { // seed R341
            assertThat(parse("task", "wait", "t1").params()).containsEntry("until", "settled");
            assertThat(parse("task", "wait", "t1", "--until", "terminal").params()).containsEntry("until", "terminal");
        }

        @Test
        void reportFallsBackToTheWorkerEnvironment() { // seed R343
            env.put("SIGNALTTY_TASK", "task_9");
            env.put("SIGNALTTY_PANE", "pane_9");
            assertThat(parse("report", "--status", "completed", "--summary", "done").params())
                    .containsEntry("task_id", "task_9").containsEntry("pane_id", "pane_9");
            assertThat(parse("report", "--status", "failed", "--summary", "x", "--task", "task_1").params())
                    .containsEntry("task_id", "task_1");
        }

        @Test
        void notifyAndHookEventTakeThePaneFromTheEnvironment() { // seed R337
            env.put("SIGNALTTY_PANE", "pane_7");
            assertThat(parse("notify", "build done").params()).containsEntry("pane_id", "pane_7")
                    .containsEntry("message", "build done");
            assertThat(parse("hook-event", "--wait-for-answer").params()).containsEntry("pane_id", "pane_7")
                    .containsEntry("wait_for_answer", true);
        }

        @Test
        void leavesThePaneOutOfHookEventOutsideAPane() {
            assertThat(parse("hook-event").params()).doesNotContainKey("pane_id");
        }
    }

    @Nested
    class UsageErrors {

        @Test
        void taskFinishNeedsExactlyOneOfMergeOrDiscard() { // seed R342
            assertThat(parse("task", "finish", "t1", "--merge").params()).containsEntry("disposition", "merge");
            assertThat(parse("task", "finish", "t1", "--discard").params()).containsEntry("disposition", "discard");
            assertThatThrownBy(() -> parse("task", "finish", "t1")).isInstanceOf(UsageException.class)
                    .hasMessageContaining("--merge, --discard");
            assertThatThrownBy(() -> parse("task", "finish", "t1", "--merge", "--discard"))
                    .isInstanceOf(UsageException.class).hasMessageContaining("exclude");
        }

        @Test
        void namesTheMissingPositional() {
            assertThatThrownBy(() -> parse("pane", "read")).isInstanceOf(UsageException.class)
                    .hasMessage("missing <pane>");
        }

        @Test
        void rejectsUnknownCommandsVerbsAndOptions() {
            assertThatThrownBy(() -> parse("frobnicate")).hasMessageContaining("unknown command");
            // a mistyped global option is an option, with the ones that exist, not a command named "--jsn"
            assertThatThrownBy(() -> parse("--jsn", "ping")).isInstanceOf(UsageException.class)
                    .hasMessageStartingWith("unknown option --jsn (did you mean '--json'?)").hasMessageContaining("--no-start");
            assertThatThrownBy(() -> parse("pane", "zoom", "p1")).hasMessageContaining("unknown command 'pane zoom'");
            assertThatThrownBy(() -> parse("pane")).hasMessageContaining("missing verb");
            assertThatThrownBy(() -> parse("pane", "read", "p1", "--bogus")).hasMessageContaining("--bogus");
            assertThatThrownBy(() -> parse("pane", "read", "p1", "-x")).hasMessageContaining("-x");
        }

        @Test
        void rejectsExtraArgumentsAndStrayTrailingCommands() {
            assertThatThrownBy(() -> parse("pane", "get", "p1", "p2")).hasMessageContaining("unexpected argument 'p2'");
            assertThatThrownBy(() -> parse("pane", "get", "p1", "--", "x")).hasMessageContaining("no trailing");
        }

        @Test
        void rejectsBadNumbersAndJson() {
            assertThatThrownBy(() -> parse("pane", "read", "p1", "--lines", "ten")).hasMessageContaining("--lines");
            assertThatThrownBy(() -> parse("wait", "p1", "--until", "done", "--after", "{oops")).hasMessageContaining("bad JSON");
            assertThatThrownBy(() -> parse("pane", "spawn", "ws", "--env", "NOEQUALS")).hasMessageContaining("KEY=VALUE");
        }

        @Test
        void requiresAValueForValueFlags() {
            assertThatThrownBy(() -> parse("pane", "read", "p1", "--mode")).hasMessageContaining("needs a value");
        }

        @Test
        void requiresTheSubmitText() { // seed R344
            assertThatThrownBy(() -> parse("pane", "submit", "p1")).hasMessageContaining("missing --text");
            // wait has no default state: its usage shows --until as required, and leaving it out is a usage error
            assertThatThrownBy(() -> parse("wait", "p1")).isInstanceOf(UsageException.class).hasMessage("missing --until");
            // pane run's command line after -- is required too, unless --command-number names one already started
            assertThatThrownBy(() -> parse("pane", "run", "p1")).isInstanceOf(UsageException.class)
                    .hasMessage("missing -- <command> (or --command-number N)");
            assertThat(parse("pane", "run", "p1", "--command-number", "2").params()).containsEntry("command_number", 2L)
                    .doesNotContainKey("command");
            assertThat(parse("pane", "submit", "p1", "--text", "hello").params()).containsEntry("text", "hello");
        }
    }

    @Nested
    class ConsoleWords {

        @Test
        void splitsLikeAShell() {
            assertThat(Words.split("pane write p1 'echo hi' \"a \\\"b\\\"\" c\\ d"))
                    .containsExactly("pane", "write", "p1", "echo hi", "a \"b\"", "c d");
        }

        @Test
        void readsBashAnsiCQuoting() { // issue 18: pane write web $'make\r' as in bash
            assertThat(Words.split("pane write web $'make test\\r' $'\\x41\\u00e9\\101\\e[0m\\cC\\'q\\z'"))
                    .containsExactly("pane", "write", "web", "make test\r", "A\u00e9A\u001b[0m\u0003'q\\z");
            assertThat(Words.split("a$'\\t'b")).containsExactly("a\tb");
            assertThatThrownBy(() -> Words.split("$'open")).isInstanceOf(UsageException.class);
        }

        @Test
        void rejectsAnUnterminatedQuote() {
            assertThatThrownBy(() -> Words.split("pane write 'oops")).isInstanceOf(UsageException.class);
        }
    }
}
