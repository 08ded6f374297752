package dev.signaltty.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class CommandTableTest {

    private final CommandTable table = CommandTable.standard();

    @Test
    void coversEveryMethodOfTheCatalogThatACommandCanWrap() { // seed R331
        Set<String> methods = new HashSet<>();
        table.specs().forEach(s -> {
            if (s.method() != null) {
                methods.add(s.method());
            }
        });
        assertThat(methods).containsAll(List.of("ping", "schema", "server.info", "server.stop",
                "workspace.create", "workspace.list", "workspace.get", "workspace.rename", "workspace.close",
                "workspace.diff", "workspace.file_diff", "workspace.turn_diff",
                "tab.create", "tab.list", "tab.get", "tab.rename", "tab.close", "tab.focus", "tab.set_layout", "tab.set_ratio",
                "pane.spawn", "pane.split", "pane.list", "pane.get", "pane.close", "pane.resume", "pane.read",
                "pane.wait_for_output", "pane.write", "pane.submit", "pane.resize", "pane.clear", "pane.rename",
                "pane.swap", "pane.move", "pane.attach", "pane.detach", "pane.mark_seen",
                "hook-event", "notify", "wait", "attention.pending", "decision.list", "decision.get",
                "decision.answer", "worktree.list", "worktree.create", "worktree.open", "worktree.remove",
                "task.start", "task.get", "task.list", "task.wait", "task.diff", "task.file_diff", "task.finish",
                "task.cancel", "task.report", "subscribe"));
        assertThat(methods).doesNotContain("pane.zoom");
    }

    @Test
    void theWaitsOnStateARestartKeepsOptInToGoOnThroughIt() { // seed R70
        // ADR 1061: the runner carries a command through a restart when its row says so, not by a list of its own
        List<String> opted = table.specs().stream().filter(CommandSpec::waitsAcrossRestart).map(CommandSpec::name).toList();
        assertThat(opted).containsExactlyInAnyOrder("wait", "pane wait-output", "task wait");
    }

    @Test
    void namesParamsInSnakeCaseWithIdSuffixesForReferences() {
        for (CommandSpec spec : table.specs()) {
            List<String> params = new ArrayList<>();
            spec.args().forEach(a -> params.add(a.param()));
            spec.flags().forEach(f -> params.add(f.param()));
            for (String param : params) {
                assertThat(param).as(spec.name()).matches("[a-z][a-z0-9_]*");
                if (param.matches("(pane|workspace|tab|task|decision|option|target_pane|parent_pane)")) {
                    throw new AssertionError(spec.name() + ": reference param without _id: " + param);
                }
            }
        }
    }

    @Test
    void marksStateChangingCommandsAsMutating() {
        for (CommandSpec spec : table.specs()) {
            if (spec.method() == null) {
                continue;
            }
            boolean reads = spec.method().matches(".*\\.(list|get|read|diff|file_diff|turn_diff|info|pending|wait"
                    + "|wait_for_output|attach|detach|search|export|config|explain)|ping|schema|wait|subscribe");
            assertThat(spec.mutating()).as(spec.name()).isEqualTo(!reads);
        }
    }

    @Test
    void listsVerbsUnderTheirNoun() {
        assertThat(table.verbs("task")).containsExactly("start", "get", "list", "wait", "diff", "file-diff", "finish",
                "cancel");
        assertThat(table.verbs("ping")).isEmpty();
        assertThat(table.nouns()).contains("new", "pane", "server", "events", "attach");
    }

    /** The table is built noun by noun on demand (ADR 0562): every listed noun has commands, each reachable by name. */
    @Test
    void everyNounNamesItsOwnCommandsAndEachIsFoundByName() {
        Set<String> names = new HashSet<>();
        List<String> nounsInOrder = new ArrayList<>();
        for (CommandSpec spec : table.specs()) {
            assertThat(names.add(spec.name())).as("unique: " + spec.name()).isTrue();
            assertThat(table.find(spec.name())).as(spec.name()).isSameAs(spec);
            String noun = spec.words().get(0);
            if (!nounsInOrder.contains(noun)) {
                nounsInOrder.add(noun);
            }
        }
        assertThat(table.nouns()).containsExactlyElementsOf(nounsInOrder);
        for (String noun : table.nouns()) {
            assertThat(table.find(noun) != null || !table.verbs(noun).isEmpty()).as(noun).isTrue();
        }
        assertThat(table.find("no-such-noun")).isNull();
        assertThat(table.verbs("no-such-noun")).isEmpty();
        assertThat(table.find("pane no-such-verb")).isNull();
    }

    @Test
    void givesEveryCommandAUsageLine() {
        assertThat(table.find("task finish").usage()).isEqualTo(
                "signaltty task finish <task> (--merge|--discard) [--target-ref TARGET_REF]");
        assertThat(table.find("pane spawn").usage()).startsWith("signaltty pane spawn <workspace>")
                .endsWith("[-- argv…]");
    }
}
