package dev.signaltty.pane.internal.agent.integration;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;

/**
 * Codex: its {@code notify} program is set on the command line ({@code -c notify=[…]}) so that
 * {@code agent-turn-complete} reaches {@code signaltty hook-event} (Codex passes the JSON as the last
 * argument). Interactive local Codex also gets {@code --no-daemon}, but only when a bounded probe of
 * {@code codex --help} shows the flag. The persisted argv is unchanged.
 */
@Component
class CodexAdapter implements AgentAdapter {

    /** Subcommands that are not an interactive session. */
    static final List<String> NON_INTERACTIVE = List.of("exec", "e", "login", "logout", "mcp", "proto", "apply",
            "completion", "debug", "help", "--help", "-h", "--version", "-V");

    private final VersionProbe probe;

    CodexAdapter(VersionProbe probe) {
        this.probe = probe;
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
        boolean interactive = launch.argv().size() == 1 || !NON_INTERACTIVE.contains(launch.argv().get(1));
        if (interactive && !launch.argv().contains("--no-daemon")
                && probe.helpMentions(launch.argv().getFirst(), "--no-daemon", launch.env())) {
            argv.add("--no-daemon");
        }
        argv.addAll(launch.argv().subList(1, launch.argv().size()));
        return new Prepared(argv, launch.env(), Integration.configured(name(), true, null));
    }

    static String tomlString(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
