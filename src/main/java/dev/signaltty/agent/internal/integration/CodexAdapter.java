package dev.signaltty.agent.internal.integration;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;
import dev.signaltty.agent.Integration;

/**
 * Codex: its hooks (Claude-shaped payloads on stdin, Claude's PermissionRequest verdict) are set for
 * this launch only with {@code -c hooks.<Event>=[…]} (Codex's session-flags layer), so the user's own
 * {@code config.toml} is never written. Codex runs unmanaged hooks only once they are trusted (it
 * asks in its "Hooks need review" screen, and remembers the trust by a hash of each definition in
 * {@code $CODEX_HOME/config.toml}); our definitions never change, so one review lasts. Whether that
 * trust is there is read (never written) from that file, and the reply's notice says when it is not.
 * {@code signaltty.codex.bypass-hook-trust=true} adds {@code --dangerously-bypass-hook-trust}
 * instead, for automation that vets hook sources itself. The {@code notify} program stays as the
 * fallback that reports turn ends when hooks do not run. Interactive local Codex also gets
 * {@code --no-daemon}, but only when a bounded probe of {@code codex --help} shows the flag. The
 * persisted argv is unchanged.
 */
@Component
class CodexAdapter implements AgentAdapter {

    /** Subcommands that are not an interactive session. */
    static final List<String> NON_INTERACTIVE = List.of("exec", "e", "login", "logout", "mcp", "proto", "apply",
            "completion", "debug", "help", "--help", "-h", "--version", "-V");

    /** The Codex hooks signaltty sets (HookMapping's table); PermissionRequest waits for an answer. */
    static final List<String> HOOKS = List.of("SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest",
            "PostToolUse", "SubagentStart", "SubagentStop", "PreCompact", "PostCompact", "Interrupt", "Stop", "SessionEnd");
    static final int HOOK_TIMEOUT_S = 10;
    /** Codex clamps these hooks' timeouts to 3 s (and warns): ask for no more. */
    static final java.util.Set<String> SHORT_HOOKS = java.util.Set.of("Interrupt", "SessionEnd");

    private final VersionProbe probe;
    private final int permissionWaitS;
    private final boolean bypassTrust;

    CodexAdapter(VersionProbe probe,
                 @org.springframework.beans.factory.annotation.Value("${signaltty.agent.permission-wait-s:120}") int permissionWaitS,
                 @org.springframework.beans.factory.annotation.Value("${signaltty.codex.bypass-hook-trust:false}") boolean bypassTrust) {
        this.probe = probe;
        this.permissionWaitS = permissionWaitS;
        this.bypassTrust = bypassTrust;
    }

    @Override
    public String name() {
        return "codex";
    }

    @Override
    public List<String> executables() {
        return List.of("codex");
    }

    @Override
    public List<String> resumeCommand(String sessionId) {
        return List.of("codex", "resume", sessionId);
    }

    @Override
    public boolean reportsReady() {
        return false; // notify only reports turn completion; there is no ready hook to wait for
    }

    @Override
    public Prepared configure(Launch launch) {
        List<String> notify = new ArrayList<>(launch.hookCommand());
        notify.addAll(List.of("hook-event", "--agent", "codex"));
        String array = notify.stream().map(CodexAdapter::tomlString).collect(Collectors.joining(",", "[", "]"));
        List<String> argv = new ArrayList<>();
        argv.add(launch.argv().getFirst());
        argv.add("-c");
        argv.add("notify=" + array);
        String report = Commands.shell(launch.hookCommand()) + " hook-event --agent codex";
        List<CodexHookTrust.Hook> hooks = new ArrayList<>();
        for (String event : HOOKS) {
            boolean permission = event.equals("PermissionRequest");
            CodexHookTrust.Hook hook = new CodexHookTrust.Hook(event, permission
                    ? report + " --wait-for-answer" + (permissionWaitS == 120 ? "" : " --wait-timeout " + permissionWaitS)
                    : report, permission ? permissionWaitS + 10 : SHORT_HOOKS.contains(event) ? 3 : HOOK_TIMEOUT_S);
            hooks.add(hook);
            argv.add("-c");
            argv.add("hooks." + event + "=[{hooks=[{type=\"command\",command=" + tomlString(hook.command())
                    + ",timeout=" + hook.timeoutS() + "}]}]");
        }
        if (bypassTrust && !launch.argv().contains("--dangerously-bypass-hook-trust")) {
            argv.add("--dangerously-bypass-hook-trust");
        }
        boolean interactive = launch.argv().size() == 1 || !NON_INTERACTIVE.contains(launch.argv().get(1));
        if (interactive && !launch.argv().contains("--no-daemon")
                && probe.helpMentions(launch.argv().getFirst(), "--no-daemon", launch.env())) {
            argv.add("--no-daemon");
        }
        argv.addAll(launch.argv().subList(1, launch.argv().size()));
        List<String> untrusted = bypassTrust ? List.of() : CodexHookTrust.untrusted(hooks, launch.env());
        Integration integration = untrusted.isEmpty() ? Integration.configured(name(), true, null)
                : new Integration(name(), "configured", true, null, "Codex will ask to review signaltty's "
                        + untrusted.size() + " hooks (" + String.join(", ", untrusted) + "): trust them there once; "
                        + "until then only its notify program reports turn ends");
        return new Prepared(argv, launch.env(), integration, !untrusted.isEmpty());
    }

    static String tomlString(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
