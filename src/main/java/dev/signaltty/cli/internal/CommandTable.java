package dev.signaltty.cli.internal;

import static dev.signaltty.cli.internal.ArgType.BOOL;
import static dev.signaltty.cli.internal.ArgType.INT;
import static dev.signaltty.cli.internal.ArgType.INT_LIST;
import static dev.signaltty.cli.internal.ArgType.JSON;
import static dev.signaltty.cli.internal.ArgType.LIST;
import static dev.signaltty.cli.internal.ArgType.MAP;
import static dev.signaltty.cli.internal.ArgType.NEGATED_BOOL;
import static dev.signaltty.cli.internal.ArgType.NUMBER;
import static dev.signaltty.cli.internal.ArgType.ONE_OR_LIST;
import static dev.signaltty.cli.internal.ArgType.PATH;
import static dev.signaltty.cli.internal.ArgType.STRING;
import static dev.signaltty.cli.internal.CommandSpec.of;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CommandSpec.Action;
import dev.signaltty.cli.internal.CommandSpec.Builder;

/**
 * The one command table: every CLI command as data (words, method, positional params, flags,
 * mutating). The one-shot CLI parses with it, the console registers its commands and completion from
 * it, {@code help} prints it, and a sync test checks it against the daemon's live {@code schema}
 * (seed R331: each CLI command wraps one method call).
 */
public final class CommandTable {

    private static final CommandTable INSTANCE = new CommandTable();

    /**
     * The first word of every command, in table order. Each names a group of rows ({@link #rows}) built on first
     * use: a one-shot command builds its own group, not the ~90 rows of the whole table (~1.3 ms of interpreted
     * start-up, ADR 0562). A word not listed here names no command, whatever {@link #rows} holds.
     */
    private static final List<String> NOUNS = List.of("new", "ls", "ping", "schema", "wait", "notify", "hook-event",
            "attention", "report", "events", "agent", "attach", "view", "console", "config", "logs", "web", "server",
            "hosts", "workspace", "tab", "pane", "decision", "worktree", "task");

    private final Map<String, List<CommandSpec>> groups = new HashMap<>();

    private CommandTable() {
    }

    public static CommandTable standard() {
        return INSTANCE;
    }

    /** Every command, in table order (builds every group). */
    public List<CommandSpec> specs() {
        List<CommandSpec> specs = new ArrayList<>();
        for (String noun : NOUNS) {
            specs.addAll(group(noun));
        }
        return List.copyOf(specs);
    }

    public @Nullable CommandSpec find(String name) {
        int space = name.indexOf(' ');
        for (CommandSpec s : group(space < 0 ? name : name.substring(0, space))) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** The verbs under a noun ({@code pane} → read, write, ...), empty for a single-word command. */
    public List<String> verbs(String noun) {
        List<String> verbs = new ArrayList<>();
        for (CommandSpec s : group(noun)) {
            if (s.words().size() == 2) {
                verbs.add(s.words().get(1));
            }
        }
        return verbs;
    }

    /**
     * A verb typed where a choice flag belongs ({@code task merge}): {@code " (did you mean 'task finish --merge'?)"}
     * when a command of {@code noun} has a flag {@code --word} that sets a fixed value, else "".
     */
    public String choiceHint(String noun, String word) {
        for (CommandSpec s : group(noun)) {
            Flag flag = s.flag(word);
            if (flag != null && flag.type() == ArgType.CONST) {
                return " (did you mean '" + s.name() + " --" + word + "'?)";
            }
        }
        return "";
    }

    /** First words, in table order, without repeats. */
    public List<String> nouns() {
        return NOUNS;
    }

    /** The commands whose first word is {@code noun}, built once; empty for a word that names no command. */
    private synchronized List<CommandSpec> group(String noun) {
        List<CommandSpec> group = groups.get(noun);
        if (group == null) {
            group = new ArrayList<>();
            for (Builder row : NOUNS.contains(noun) ? rows(noun) : List.<Builder>of()) {
                CommandSpec spec = row.build();
                if (!spec.words().get(0).equals(noun)) {
                    throw new IllegalStateException("command " + spec.name() + " is not in the group " + noun);
                }
                for (CommandSpec other : group) {
                    if (other.name().equals(spec.name())) {
                        throw new IllegalStateException("duplicate command " + spec.name());
                    }
                }
                group.add(spec);
            }
            group = List.copyOf(group);
            groups.put(noun, group);
        }
        return group;
    }

    private static final String PANE = "SIGNALTTY_PANE";
    private static final String TASK = "SIGNALTTY_TASK";

    /** The rows whose first word is {@code noun}, in table order; none for a word that names no command. */
    private static List<Builder> rows(String noun) {
        return switch (noun) {
            // --- top level
            case "new" -> List.of(of("new", "workspace.create", "create a workspace and spawn its first pane (workspace.create + pane.spawn)")
                    .mutating().action(Action.NEW).optArg("name", "name")
                    .flag("cwd", PATH, "working directory (default: here)").trailing("argv", "argv"));
            case "ls" -> List.of(of("ls", "workspace.list",
                    "every workspace, tab and pane at a glance: program, agent state, what needs you (--json: a tree)")
                    .action(Action.FLEET).optArg("workspace", "workspace_id"));
            case "ping" -> List.of(of("ping", "ping", "check that the daemon answers"));
            case "schema" -> List.of(of("schema", "schema", "print the live protocol contract"));
            case "wait" -> List.of(of("wait", "wait", "wait until a pane reaches a lifecycle or attention state")
                    .waitsAcrossRestart().arg("pane", "pane_id")
                    .required("until", "until", ONE_OR_LIST, "state(s), matched in order")
                    .flag("after", "after", JSON, "a wait_baseline object from pane get")
                    .flag("timeout", "timeout_s", NUMBER, "seconds (default 3600)"));
            case "notify" -> List.of(of("notify", "notify", "post a notification; it marks its pane unread (--pane, else $SIGNALTTY_PANE inside a pane)").mutating()
                    .arg("message", "message").flag("title", STRING, "title")
                    .envFlag("pane", "pane_id", PANE, "pane (default: $SIGNALTTY_PANE)"));
            case "hook-event" -> List.of(of("hook-event", "hook-event", "report an agent's native hook JSON (stdin or argument)")
                    .mutating().action(Action.HOOK_EVENT).optArg("payload", "payload")
                    .envFlag("pane", "pane_id", PANE, "pane (default: $SIGNALTTY_PANE)")
                    .flag("agent", STRING, "claude | codex (default: detected)")
                    .flag("wait-for-answer", BOOL, "block until the decision is answered; print native_verdict")
                    .flag("wait-timeout", "wait_timeout_s", INT, "1..120 seconds (default 120)"));
            case "attention" -> List.of(of("attention", "attention.pending", "panes that need someone, most urgent first")
                    .flag("limit", INT, "at most N"));
            case "report" -> List.of(of("report", "task.report", "report a task's status from inside its worker").mutating()
                    .required("status", "status", STRING, "completed | failed | rejected")
                    .required("summary", "summary", STRING, "one line for people")
                    .envFlag("task", "task_id", TASK, "task (default: $SIGNALTTY_TASK)")
                    .envFlag("pane", "pane_id", PANE, "pane (default: $SIGNALTTY_PANE)"));
            case "events" -> List.of(of("events", "subscribe", "stream events as JSON lines until EOF or Ctrl-C")
                    .action(Action.EVENTS)
                    .flag("events", "events", LIST, "globs, e.g. 'pane.*' 'agent.*' (default: *)")
                    .flag("from-seq", "from_seq", INT, "replay events after N first")
                    .flag("task", "task_ids", LIST, "only events about these tasks"));
            // --- screen-based agent state (issue 14 item 4)
            case "agent" -> List.of(of("agent explain", "agent.explain", "which hook or screen rule set a pane's state, and when")
                    .arg("pane", "pane_id", STRING, false, PANE));
            // --- terminal clients (issue 16): a pane, or a whole tab with --tab / view
            case "attach" -> List.of(viewFlags(of("attach", "pane.attach", "attach this terminal to a pane, or to a whole tab with --tab (detach: Ctrl-B d; a pane also Ctrl-\\)")
                    .action(Action.ATTACH).optArg("pane", "pane_id")));
            case "view" -> List.of(viewFlags(of("view", "tab.get", "show a workspace's tab with its layout and status line (detach: Ctrl-B d)")
                    .action(Action.VIEW).arg("workspace", "workspace_id", STRING, true, "SIGNALTTY_WORKSPACE")));
            case "console" -> List.of(of("console", null, "open the interactive console").action(Action.CONSOLE));
            case "config" -> List.of(of("config", "server.config", "the daemon's settings: effective value and where each came from"));
            case "logs" -> List.of(of("logs", null, "the daemon's log (daemon.log in the state dir; no daemon needed)").action(Action.LOGS)
                    .flag("follow", BOOL, "keep printing what is appended (-f)")
                    .flag("lines", INT, "the last N lines first (default 100; 0: all)"));
            case "web" -> List.of(of("web", "web.start", "serve the web dashboard; print (and open) its one-time login URL")
                    .mutating().action(Action.WEB).flag("rotate", BOOL, "new token: every browser must log in again"));
            // --- server
            case "server" -> List.of(
                    of("server start", "server.info", "start the daemon in the background (settings: --key=value)")
                            .action(Action.SERVER_START),
                    of("server run", null, "run the daemon in the foreground").action(Action.SERVER_RUN),
                    of("server stop", "server.stop", "stop the daemon").mutating().action(Action.SERVER_STOP),
                    of("server restart", "server.restart",
                            "restart the daemon in place (a new build at the same path): panes' programs keep running")
                            .mutating().action(Action.SERVER_RESTART),
                    of("server status", "server.info", "report the running daemon").action(Action.SERVER_STATUS),
                    of("server recover", "server.info",
                            "start the daemon accepting the loss of unprovable journal history").action(Action.SERVER_RECOVER));
            // --- remote hosts (docs/remote.md); --host and --all-hosts are taken by RemoteHosts
            case "hosts" -> List.of(
                    of("hosts add", null, "name a remote host: signaltty --host NAME … then runs there over ssh")
                            .action(Action.HOSTS).arg("name", "name").arg("target", "target")
                            .flag("command", STRING, "signaltty on that host (default: signaltty on its PATH)"),
                    of("hosts list", null, "list the named remote hosts").action(Action.HOSTS),
                    of("hosts remove", null, "forget a named host and close its ssh connection").action(Action.HOSTS)
                            .arg("name", "name"));
            // --- workspaces
            case "workspace" -> List.of(
                    of("workspace create", "workspace.create", "create a workspace").mutating()
                            .optArg("name", "name").flag("cwd", PATH, "checkout directory (default: here)"),
                    of("workspace list", "workspace.list", "list workspaces"),
                    of("workspace get", "workspace.get", "show a workspace").arg("workspace", "workspace_id"),
                    of("workspace rename", "workspace.rename", "rename a workspace (the handle stays)").mutating()
                            .arg("workspace", "workspace_id").arg("name", "name"),
                    of("workspace close", "workspace.close", "close a workspace and its panes").mutating()
                            .arg("workspace", "workspace_id"),
                    of("workspace diff", "workspace.diff", "git summary of a workspace checkout")
                            .arg("workspace", "workspace_id"),
                    of("workspace file-diff", "workspace.file_diff", "diff of one file against HEAD")
                            .arg("workspace", "workspace_id").arg("path", "path"),
                    of("workspace turn-diff", "workspace.turn_diff", "changes since the latest turn started")
                            .arg("workspace", "workspace_id").flag("path", STRING, "one file instead of the summary"));
            // --- tabs
            case "tab" -> List.of(
                    of("tab create", "tab.create", "create a tab").mutating()
                            .arg("workspace", "workspace_id").optArg("name", "name"),
                    of("tab list", "tab.list", "list tabs").optArg("workspace", "workspace_id"),
                    of("tab get", "tab.get", "show a tab and its layout").arg("tab", "tab_id"),
                    of("tab rename", "tab.rename", "rename a tab").mutating().arg("tab", "tab_id").arg("name", "name"),
                    of("tab close", "tab.close", "close a tab and its panes").mutating().arg("tab", "tab_id"),
                    of("tab focus", "tab.focus", "focus a pane of a tab, in every view of it").mutating()
                            .arg("tab", "tab_id").arg("pane", "pane_id"),
                    of("tab set-layout", "tab.set_layout",
                            "replace a tab's layout: a JSON tree, or even-horizontal | even-vertical | main-vertical | main-horizontal | tiled")
                            .mutating().action(Action.SET_LAYOUT).arg("tab", "tab_id").arg("layout", "layout"),
                    of("tab layout", "tab.get", "print a tab's layout tree (set it with tab set-layout)")
                            .arg("tab", "tab_id"),
                    of("tab ratio", "tab.set_ratio", "move one divider (same as tab set-ratio)").mutating()
                            .arg("tab", "tab_id").arg("ratio", "ratio", NUMBER, false, null)
                            .defaulted("path", "path", INT_LIST, "", "0/1 choices from the root (default: root)"),
                    of("tab set-ratio", "tab.set_ratio", "move one divider (clamped to 0.05–0.95)").mutating()
                            .arg("tab", "tab_id").arg("ratio", "ratio", NUMBER, false, null)
                            .defaulted("path", "path", INT_LIST, "", "0/1 choices from the root (default: root)"));
            // --- panes
            case "pane" -> List.of(
                    launch(of("pane spawn", "pane.spawn", "run a program in a new pane").mutating()
                            .arg("workspace", "workspace_id").flag("tab", "tab_id", STRING, "tab id or name (default: the workspace's first tab, a new one when it has none)")
                            .flag("parent-pane", "parent_pane_id", STRING, "the pane that launched it")
                            .flag("relationship", STRING, "how it relates to the parent")),
                    launch(of("pane split", "pane.split", "split a pane and run a program beside it").mutating()
                            .arg("pane", "pane_id").flag("direction", STRING, "right | down | left | up (left, up: the new pane first; tmux's -b)")
                            .flag("ratio", NUMBER, "the split pane's share (0.05–0.95); the new pane gets the rest")),
                    of("pane list", "pane.list", "list panes")
                            .flag("workspace", "workspace_id", STRING, "only this workspace")
                            .flag("tab", "tab_id", STRING, "only this tab"),
                    of("pane get", "pane.get", "show a pane (with its wait_baseline)").arg("pane", "pane_id"),
                    of("pane close", "pane.close", "end a pane's process group").mutating().arg("pane", "pane_id"),
                    of("pane write", "pane.write", "send raw input bytes").mutating().arg("pane", "pane_id")
                            .optArg("data", "data").flag("data", STRING, "the input text (instead of the argument)")
                            .flag("data-b64", "data_b64", STRING, "bytes as base64")
                            .oneOf("<data> (or --data TEXT, --data-b64 B64)", "data", "data_b64"),
                    of("pane resize", "pane.resize", "change a pane's size").mutating().arg("pane", "pane_id")
                            .arg("cols", "cols", INT, false, null).arg("rows", "rows", INT, false, null),
                    readFlags(of("pane read", "pane.read", "read a pane's screen, tail or rendered lines")
                            .arg("pane", "pane_id")),
                    readFlags(of("pane wait-output", "pane.wait_for_output", "wait until a line matches")
                            .waitsAcrossRestart().arg("pane", "pane_id").arg("pattern", "match")
                            .flag("regex", BOOL, "match as a regular expression")
                            .flag("output-only", BOOL, "only lines of a command's output (not prompts or the typed echo); bash/zsh panes")
                            .flag("timeout", "timeout_s", NUMBER, "seconds (default 3600)")),
                    of("pane submit", "pane.submit", "paste text, then press Enter").mutating().arg("pane", "pane_id")
                            .required("text", "text", STRING, "the text to submit")
                            .flag("submit-delay-ms", INT, "delay before Enter (default 300)")
                            .flag("stall-timeout", "stall_timeout_s", NUMBER, "activity gate seconds (default 5)"),
                    of("pane clear", "pane.clear", "clear a pane's screen and history").mutating().arg("pane", "pane_id"),
                    of("pane rename", "pane.rename", "name a pane, so commands can address it by name (no name: remove it)").mutating()
                            .arg("pane", "pane_id").optArg("name", "name"),
                    of("pane swap", "pane.swap", "swap two panes").mutating()
                            .arg("pane", "pane_id").arg("target", "target_pane_id"),
                    of("pane move", "pane.move", "move a pane next to another").mutating()
                            .arg("pane", "pane_id").arg("target", "target_pane_id")
                            .flag("direction", STRING, "right | down | left | up (left, up: before the target)"),
                    of("pane break", "pane.break", "move a pane out of its tab into a new tab of its own (tmux's break-pane)")
                            .mutating().arg("pane", "pane_id").flag("name", STRING, "the new tab's name"),
                    viewFlags(of("pane attach", "pane.attach", "attach this terminal to a pane, or a tab with --tab (detach: Ctrl-B d; a pane also Ctrl-\\)")
                            .action(Action.ATTACH).optArg("pane", "pane_id")),
                    of("pane detach", "pane.detach", "stop streaming a pane on this connection").arg("pane", "pane_id"),
                    of("pane mark-seen", "pane.mark_seen", "mark a pane seen (clears unread)").mutating()
                            .arg("pane", "pane_id"),
                    of("pane seen", "pane.mark_seen", "same as pane mark-seen").mutating().arg("pane", "pane_id"),
                    of("pane resume", "pane.resume", "relaunch an exited pane").mutating().arg("pane", "pane_id"),
                    of("pane set-restart", "pane.set_restart", "after a daemon restart: never | resume | rerun")
                            .mutating().arg("pane", "pane_id").arg("restart", "restart"),
                    // --- orchestration: commands with their exit status, search, recordings (issue 19)
                    of("pane run", "pane.run", "run one command line in a bash/zsh pane: print its output, exit with its status")
                            .mutating().arg("pane", "pane_id")
                            .flag("timeout", "timeout_s", NUMBER, "seconds (default 600); the command keeps running after")
                            .flag("lines", INT, "at most the last N output lines (default and max 5000)")
                            .flag("raw", "strip_ansi", NEGATED_BOOL, "keep ANSI sequences")
                            .flag("command-number", "command_number", INT,
                                    "wait for command N, already started (one a --timeout left running), instead of running one")
                            .trailingText("command", "command")
                            .oneOf("-- <command> (or --command-number N)", "command", "command_number"),
                    of("pane search", "pane.search", "search a pane's scrollback and screen (newest matches, with seqs)")
                            .arg("pane", "pane_id").arg("pattern", "pattern")
                            .flag("regex", BOOL, "RE2 regular expression").flag("ignore-case", BOOL, "case-insensitive")
                            .flag("limit", INT, "at most N matches (default 100, max 5000)"),
                    of("pane record", "pane.record", "record a pane's output to an asciicast v2 file (--stop ends it)")
                            .mutating().arg("pane", "pane_id")
                            .flag("path", PATH, "the .cast file to create (default: the state dir's recordings/)")
                            .flag("stop", BOOL, "end the recording").flag("max-bytes", INT, "size cap (default 64 MiB)"),
                    of("pane export", "pane.export", "print (or --output FILE) a pane's whole scrollback as text")
                            .arg("pane", "pane_id").flag("ansi", BOOL, "keep colours (ANSI SGR)")
                            .flag("output", "path", PATH, "write to this new file instead of stdout"));
            // --- decisions
            case "decision" -> List.of(
                    of("decision list", "decision.list", "pending decisions (--all: answered, cleared and superseded too)")
                            .flag("pane", "pane_id", STRING, "only this pane")
                            .defaulted("status", "status", STRING, "pending", "pending | answered | cleared | superseded (default pending)")
                            .unsets("all", "status", "every retained decision, whatever its status"),
                    of("decision get", "decision.get", "show a decision").arg("decision", "decision_id"),
                    of("decision answer", "decision.answer", "answer a decision (allow_once | deny)").mutating()
                            .arg("decision", "decision_id").arg("option", "option_id"));
            // --- worktrees
            case "worktree" -> List.of(
                    of("worktree list", "worktree.list", "git worktrees of a workspace's repository")
                            .arg("workspace", "workspace_id"),
                    // Worktree paths go verbatim: the daemon resolves a relative one beside the main worktree.
                    of("worktree create", "worktree.create", "create a worktree on a new branch").mutating()
                            .arg("workspace", "workspace_id").required("branch", "branch", STRING, "new branch name")
                            .flag("base", STRING, "start point (default HEAD)").flag("path", STRING, "checkout directory")
                            // the daemon opens a workspace on it unless open is false: --open said "also", and did nothing
                            .flag("open", BOOL, "open a workspace on it (the default)")
                            .flag("no-open", "open", NEGATED_BOOL, "only the worktree: open no workspace on it")
                            .flag("name", STRING, "that workspace's name"),
                    of("worktree open", "worktree.open", "open a worktree as a workspace").mutating()
                            .arg("workspace", "workspace_id").arg("path", "path").flag("name", STRING, "workspace name"),
                    of("worktree remove", "worktree.remove", "remove a closed worktree").mutating()
                            .arg("workspace", "workspace_id").arg("path", "path"));
            // --- tasks
            case "task" -> List.of(
                    of("task start", "task.start", "start a worker in a fresh worktree").mutating()
                            .required("repo", "repo", PATH, "source repository").required("objective", "objective", STRING, "what to do")
                            .flag("agent", STRING, "the worker's program, any command on PATH; it gets the"
                                    + " objective once at its prompt (--ready-timeout): claude and codex say so by hooks,"
                                    + " aider, gemini and opencode by screen rules, others by a manifest of yours"
                                    + " (docs/agents.md); with arguments, give argv after -- instead").flag("base", STRING, "start point (default HEAD)")
                            .flag("branch", STRING, "branch name").flag("context", "context_id", STRING, "group of tasks")
                            .flag("client-request-id", STRING, "idempotency key")
                            .flag("workspace", "workspace_id", STRING, "workspace for the worker pane")
                            .flag("tab", "tab_id", STRING, "tab for the worker pane")
                            .flag("parent-pane", "parent_pane_id", STRING, "the orchestrating pane")
                            .flag("ready-timeout", "ready_timeout_s", NUMBER, "seconds (default 30)")
                            .flag("submit-delay-ms", INT, "default 300")
                            .flag("stall-timeout", "stall_timeout_s", NUMBER, "seconds (default 5)")
                            .trailing("argv", "argv").oneOf("the worker: --agent AGENT, or its command after -- (-- claude)",
                                    "agent", "argv"),
                    of("task get", "task.get", "show a task").arg("task", "task_id"),
                    of("task list", "task.list", "list tasks").flag("context", "context_id", STRING, "only this context")
                            .flag("state", STRING, "only tasks in this state (pending, working, input_required, completed, …)"),
                    of("task wait", "task.wait", "wait for a task or a context").waitsAcrossRestart()
                            .optArg("task", "task_id")
                            .flag("context", "context_id", STRING, "wait for every task of a context")
                            .defaulted("until", "until", ONE_OR_LIST, "settled", "task states (default settled)")
                            .flag("timeout", "timeout_s", NUMBER, "seconds (default 3600)")
                            .oneOf("<task> or --context CONTEXT", "task_id", "context_id"),
                    of("task diff", "task.diff", "what a task's worker changed, as git diff prints it, against the commit its"
                            + " branch started from").arg("task", "task_id")
                            // client-side: the summary task.diff answers is all --stat needs; the patch is a file_diff a file
                            .flag("stat", BOOL, "one line a file, as git diff --stat"),
                    of("task file-diff", "task.file_diff", "diff of one file in a task's worktree")
                            .arg("task", "task_id").arg("path", "path"),
                    of("task finish", "task.finish", "merge or discard a task's work").mutating().arg("task", "task_id")
                            .choice("merge", "disposition", "merge", "disposition", "merge into the target branch")
                            .choice("discard", "disposition", "discard", "disposition", "throw the work away")
                            .flag("target-ref", STRING, "merge target (needed after a detached start)"),
                    of("task cancel", "task.cancel", "cancel a task").mutating().arg("task", "task_id"));
            default -> List.of();
        };
    }

    /** The launch options shared by pane spawn, pane split and new. */
    private static Builder launch(Builder b) {
        if (!b.build().words().get(0).equals("pane")) {
            return b;
        }
        return b.flag("cwd", PATH, "working directory (default: here)")
                .flag("env", "env", MAP, "extra environment")
                .flag("cols", INT, "columns").flag("rows", INT, "rows")
                .flag("label", STRING, "text clients show; NOT a name: address the pane by id, or name it with pane rename")
                .trailing("argv", "argv");
    }

    /** The terminal clients' own options (client-side: no method param). */
    private static Builder viewFlags(Builder b) {
        return b.flag("tab", "tab_id", STRING, "show this whole tab (its layout, a status line)")
                .envFlag("prefix", "prefix", "SIGNALTTY_PREFIX", "the prefix key, e.g. C-a (default C-b; $SIGNALTTY_PREFIX)");
    }

    private static Builder readFlags(Builder b) {
        return b.flag("mode", STRING, "screen | tail | rendered | last_command (default tail)")
                .flag("after-seq", INT, "rendered cursor (default 0)")
                .flag("lines", INT, "at most N lines (default 200, max 5000)")
                .flag("strip-ansi", BOOL, "plain text")
                .flag("raw", "strip_ansi", NEGATED_BOOL, "keep ANSI sequences");
    }
}
