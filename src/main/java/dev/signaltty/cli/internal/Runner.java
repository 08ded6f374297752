package dev.signaltty.cli.internal;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.ArgParser.Invocation;
import dev.signaltty.cli.internal.CommandSpec.Action;
import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.transport.Version;
import dev.signaltty.transport.Suggest;

/**
 * Carries out one parsed command: one connection, one request per method (two for {@code new}), the
 * result printed, an exit status returned. Used by the one-shot CLI and by each console command.
 *
 * <p>The daemon is auto-started only before the first request is written; a request is never written
 * twice (seed: mutating requests are never automatically resubmitted).
 */
public final class Runner {

    /** Exit status for usage errors, as with most Unix tools. */
    public static final int USAGE = 2;
    /** {@code task wait}: the task (or a task of the context) ended failed, canceled or rejected. */
    public static final int UNSUCCESSFUL = 3;
    /** {@code wait} / {@code task wait} / {@code pane wait-output}: the deadline passed (TIMEOUT). */
    public static final int TIMED_OUT = 4;

    private final CommandTable table;
    private final Function<String, @Nullable String> env;
    private final Path cwd;
    private final SignalttyPaths paths;
    private final InputStream stdin;
    private final PrintStream out;
    private final PrintStream err;

    public Runner(CommandTable table, Function<String, @Nullable String> env, Path cwd, InputStream stdin,
            PrintStream out, PrintStream err) {
        this.table = table;
        this.env = env;
        this.cwd = cwd;
        this.paths = SignalttyPaths.resolve(env);
        this.stdin = stdin;
        this.out = out;
        this.err = err;
    }

    public SignalttyPaths paths() {
        return paths;
    }

    public ArgParser parser() {
        return new ArgParser(table, env, cwd);
    }

    /** Parses and runs; returns the exit status. */
    public int run(List<String> words) {
        if (words.contains("--version") && words.stream().allMatch(w -> w.startsWith("--"))) {
            return version(words.contains("--json"));
        }
        Invocation inv;
        try {
            inv = parser().parse(words);
        } catch (ArgParser.UsageException e) {
            return usage(e);
        }
        return run(inv);
    }

    public int run(Invocation inv) {
        CommandSpec spec = inv.spec();
        if (spec == null) {
            if (inv.noun() != null) {
                Help.noun(table, inv.noun(), out);
            } else {
                Help.all(table, out);
            }
            return 0;
        }
        if (inv.options().help()) {
            Help.command(spec, out);
            return 0;
        }
        try {
            return execute(spec, inv);
        } catch (ArgParser.UsageException e) { // a word the CLI itself cannot read, found before any request
            return usage(e);
        } catch (CliException e) {
            if (spec.action() == Action.HOOK_EVENT) {
                // An agent's hooks must never break because of signaltty.
                err.println("signaltty hook-event: " + e.code() + ": " + e.getMessage());
                return 0;
            }
            // the wire's spelling (pane.read mode last_command) in the words the CLI user types (ADR 1442)
            String message = new CliSpelling(table).of(String.valueOf(e.getMessage()), spec, e.details());
            err.println(e.code() + ": " + Output.visible(message));
            int status = Output.errorStatus(spec.method(), e.code(), e.status());
            if (e.details() != null && !e.details().isEmpty()) {
                err.println("details: " + Json.write(e.details()));
            }
            return status;
        }
    }

    /** {@code --version}: this CLI's, and the running daemon's when one answers (never starts one). */
    private int version(boolean json) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("version", Version.VERSION);
        info.put("protocol", Version.PROTOCOL);
        if (Client.listening(paths.socket())) {
            try (Client client = Client.connect(paths.socket())) {
                Client.Response daemon = client.call("server.info", Map.of());
                if (daemon.ok() && daemon.result() instanceof Map<?, ?> map) {
                    info.put("daemon_version", map.get("version"));
                    info.put("daemon_pid", map.get("pid"));
                }
            } catch (CliException e) {
                // a daemon going away is not this command's business
            }
        }
        if (json) {
            out.println(Json.write(info));
        } else {
            out.println("signaltty " + Version.VERSION + " (protocol " + Version.PROTOCOL + ")"
                    + (info.containsKey("daemon_version")
                            ? "; daemon " + info.get("daemon_version") + " (pid " + info.get("daemon_pid") + ")" : ""));
        }
        return 0;
    }

    public int usage(ArgParser.UsageException e) {
        err.println("usage error: " + e.getMessage());
        if (e.spec() != null) {
            err.println("usage: " + e.spec().usage());
        }
        return USAGE;
    }

    private int execute(CommandSpec spec, Invocation inv) {
        boolean json = inv.options().json();
        Daemon daemon = new Daemon(paths, env);
        switch (spec.action()) {
            case CALL -> {
                Map<String, Object> params = new LinkedHashMap<>(inv.params());
                boolean stat = isTaskDiff(spec) && Boolean.TRUE.equals(params.remove(TASK_DIFF_STAT));
                try (Client client = daemon.connect(inv.options().noStart(), err)) {
                    Object result = (spec.waitsAcrossRestart()
                            ? new WaitAcrossRestart(daemon, err).call(client, spec.method(), params)
                            : client.call(spec.method(), params)).orThrow();
                    Output.notices(result, err);
                    Output.paneless(spec.method(), result, err);
                    Output.emptyContext(spec.method(), inv.params(), result, err);
                    Output.stillRunning(spec.method(), result, err);
                    if (!json && spec.words().equals(List.of("tab", "layout"))) {
                        printLayout(result);
                        return 0;
                    }
                    if (!json && isTaskDiff(spec) && result instanceof Map<?, ?> diff) {
                        TaskDiffText.print(client, diff, stat, out);
                        return 0;
                    }
                    Output.print(spec.method(), result, json, out);
                    int outcome = Output.outcomeStatus(spec.method(), result);
                    return outcome != 0 ? outcome : Output.exitStatus(spec.method(), result, json);
                }
            }
            case NEW -> {
                return newWorkspace(daemon, inv);
            }
            case SET_LAYOUT -> {
                return setLayout(daemon, inv);
            }
            case LOGS -> {
                return new Logs(daemon.log(), out).run(inv.params());
            }
            case HOOK_EVENT -> {
                return new HookEventCommand(paths.socket(), stdin, out, err).run(inv);
            }
            case EVENTS -> {
                return new EventsCommand(daemon, env, out, err).run(inv);
            }
            case ATTACH, VIEW -> {
                return attachOrView(daemon, spec, inv);
            }
            case CONSOLE -> {
                err.println("the console opens from a shell: signaltty console");
                return USAGE;
            }
            case SERVER_START, SERVER_RECOVER, SERVER_STOP, SERVER_RESTART, SERVER_STATUS -> {
                return new ServerCommand(daemon, paths.socket(), out, err).run(spec.action(), inv);
            }
            case SERVER_RUN -> throw new IllegalStateException("server run is started by Main");
            case HOSTS -> {
                return new dev.signaltty.cli.internal.remote.HostsCommand(env, out)
                        .run(spec.words().getLast(), inv.params(), json);
            }
            case FLEET -> {
                return new FleetTreeCommand(out, env).run(daemon, inv, err);
            }
            case WEB -> {
                return new WebCommand(daemon, env, out, err).run(inv.params(), inv.options().noStart(), json);
            }
        }
        return 0;
    }

    /** {@code task diff --stat}: read by the CLI, never sent (task.diff takes only the task). */
    private static final String TASK_DIFF_STAT = "stat";

    private static boolean isTaskDiff(CommandSpec spec) {
        return spec.words().equals(List.of("task", "diff"));
    }

    /** attach (a pane), attach --tab and view (a tab): the view's classes and JLine load only here. */
    private int attachOrView(Daemon daemon, CommandSpec spec, Invocation inv) {
        Map<String, Object> p = inv.params();
        byte prefix = dev.signaltty.cli.internal.view.ViewPrefix.parse((String) p.get("prefix"));
        String tab = (String) p.get("tab_id");
        if (spec.action() == Action.ATTACH && tab == null) {
            if (!(p.get("pane_id") instanceof String pane)) {
                throw new CliException("BAD_PARAMS", "attach needs a pane, or --tab <tab> (field: pane_id)");
            }
            // the terminal first: attach without one fails before it starts a daemon
            return new Attach(daemon, out, err).run(pane, inv.options().noStart(), prefix,
                    dev.signaltty.cli.internal.view.OuterTerminal.open());
        }
        var hosts = dev.signaltty.cli.internal.remote.HostChoice.all(env,
                dev.signaltty.cli.internal.view.TabView.RECONNECT_MS, daemon::daemonComingBack, daemon.startDeadline());
        var outer = dev.signaltty.cli.internal.view.OuterTerminal.open();
        return dev.signaltty.cli.internal.view.TabView.run(outer, () -> daemon.connect(inv.options().noStart(), err),
                hosts, dev.signaltty.cli.internal.remote.HostChoice.indexOf(hosts, env), (String) p.get("workspace_id"),
                tab, prefix, out);
    }

    /** {@code new}: workspace.create then pane.spawn — two different requests, neither resent. */
    private int newWorkspace(Daemon daemon, Invocation inv) {
        Map<String, Object> create = new LinkedHashMap<>();
        copy(inv.params(), create, "name", "cwd");
        try (Client client = daemon.connect(inv.options().noStart(), err)) {
            Object workspace = client.call("workspace.create", create).orThrow();
            String workspaceId = Output.findId(workspace, "workspace_id", "ws_");
            if (workspaceId == null) {
                throw new CliException("INTERNAL", "workspace.create returned no workspace id: " + Json.write(workspace));
            }
            Map<String, Object> spawn = new LinkedHashMap<>();
            spawn.put("workspace_id", workspaceId);
            copy(inv.params(), spawn, "argv", "cwd", "client_env");
            Client.Response spawned = client.call("pane.spawn", spawn);
            if (!spawned.ok()) {
                // nothing half done: the workspace made for this pane goes too (a different request, not a resend)
                Client.Response closed = client.call("workspace.close", Map.of("workspace_id", workspaceId));
                throw new CliException(spawned.code(), spawned.message() + (closed.ok()
                        ? " (the new workspace " + workspaceId + " was closed again)"
                        : " (workspace " + workspaceId + " was created and could not be closed: " + closed.code()
                                + ": " + closed.message() + ")"), spawned.details(), 1);
            }
            Output.notices(spawned.result(), err);
            if (inv.options().json()) {
                Map<String, Object> both = new LinkedHashMap<>();
                // the workspace as it is now, with the tab the spawn made (the create's answer has no tab yet);
                // if it is gone already (closed meanwhile), what the create answered
                Client.Response now = client.call("workspace.get", Map.of("workspace_id", workspaceId));
                both.put("workspace", now.ok() ? now.result() : workspace);
                both.put("pane", spawned.result());
                out.println(Json.write(both));
            } else {
                out.println("workspace " + workspaceId);
                // the handle is what later commands take, and it is not the name when the name was taken (api-2)
                if (workspace instanceof Map<?, ?> ws && ws.get("handle") instanceof String handle) {
                    out.println("handle " + handle);
                }
                out.println("pane " + Output.findId(spawned.result(), "pane_id", "pane_"));
            }
        }
        return 0;
    }

    /**
     * {@code tab layout}: the tree alone, as one line of JSON that {@code tab set-layout} takes back (edit a ratio, swap
     * two leaves). It printed the whole tab as {@code key: value} lines, which nothing reads back. {@code --json}
     * keeps the method's whole result.
     */
    private void printLayout(@Nullable Object tab) {
        if (tab instanceof Map<?, ?> map && map.get("layout") != null) {
            out.println(Json.write(map.get("layout")));
        } else {
            err.println("notice: tab " + (tab instanceof Map<?, ?> map ? map.get("tab_id") : "") + " has no panes, so no layout");
        }
    }

    /**
     * {@code tab set-layout}: a JSON tree as given, or one of tmux's layout names built over the tab's
     * panes (one {@code tab.get}, then the one mutating {@code tab.set_layout}).
     */
    private int setLayout(Daemon daemon, Invocation inv) {
        String layout = (String) inv.params().get("layout");
        boolean named = NamedLayouts.NAMES.contains(layout);
        Object tree = named ? null : parsedTree(layout, spec(inv));
        try (Client client = daemon.connect(inv.options().noStart(), err)) {
            if (named) {
                Object tab = client.call("tab.get", Map.of("tab_id", inv.params().get("tab_id"))).orThrow();
                List<String> panes = new java.util.ArrayList<>();
                if (tab instanceof Map<?, ?> map && map.get("pane_ids") instanceof List<?> ids) {
                    ids.forEach(id -> panes.add((String) id));
                }
                if (panes.isEmpty()) {
                    throw new CliException("BAD_PARAMS", "layout: tab " + inv.params().get("tab_id") + " has no panes");
                }
                tree = NamedLayouts.build(layout, panes);
            }
            Map<String, Object> params = new LinkedHashMap<>(inv.params());
            params.put("layout", tree);
            Object result = client.call(spec(inv).method(), params).orThrow();
            Output.print(spec(inv).method(), result, inv.options().json(), out);
        }
        return 0;
    }

    /**
     * A layout that is no tmux name, as a JSON tree; else a usage error (exit 2, with the usage line), as any word
     * the CLI cannot read: the daemon is never asked. Only what the daemon refuses is a seed code with exit 1.
     */
    private static Object parsedTree(String layout, CommandSpec spec) {
        try {
            return Json.parse(layout);
        } catch (Json.ParseException e) {
            // a word is a mistyped name (the parser's offset would say nothing); a brace, a broken tree
            String names = String.join(", ", NamedLayouts.NAMES);
            throw new ArgParser.UsageException(layout.strip().startsWith("{")
                    ? "layout: not a JSON tree (" + e.getMessage() + "); or one of " + names
                    : "layout: unknown layout '" + layout + "'" + Suggest.hint(layout, NamedLayouts.NAMES)
                            + "; one of " + names + ", or a JSON tree", spec);
        }
    }

    private static CommandSpec spec(Invocation inv) {
        return java.util.Objects.requireNonNull(inv.spec());
    }

    private static void copy(Map<String, Object> from, Map<String, Object> to, String... keys) {
        for (String key : keys) {
            if (from.containsKey(key)) {
                to.put(key, from.get(key));
            }
        }
    }
}
