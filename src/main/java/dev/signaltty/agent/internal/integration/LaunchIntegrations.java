package dev.signaltty.agent.internal.integration;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.internal.AgentStates;
import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.agent.Integration;
import dev.signaltty.agent.AgentLaunches;

/**
 * Chooses the adapter for a direct launch and configures it before the process starts (ADR-0014).
 * A setup error never prevents the launch: the plain command runs and the reply says {@code error}.
 * Unsupported agents and explicit remote endpoints keep their command with a {@code disabled} notice;
 * shells and other programs get no integration at all.
 */
@Component
public class LaunchIntegrations implements AgentLaunches {

    private static final Logger log = LoggerFactory.getLogger(LaunchIntegrations.class);

    /** Agents we recognise but cannot configure. */
    static final Set<String> UNSUPPORTED = Set.of("aider", "gemini", "opencode", "goose", "amp", "cursor-agent",
            "qwen", "crush");
    /** Flags that point an agent at a remote endpoint: its hooks would run elsewhere. */
    static final Set<String> REMOTE_FLAGS = Set.of("--remote", "--endpoint", "--host");

    private final List<AgentAdapter> adapters;
    private final AgentStates states;
    private final Path integrationDir;
    private final List<String> hookCommand;
    private final Path configDir;

    LaunchIntegrations(List<AgentAdapter> adapters, AgentStates states, SignalttyPaths paths,
                       @Value("${signaltty.cli.command:}") String cliCommand) {
        this.adapters = List.copyOf(adapters);
        this.states = states;
        this.integrationDir = paths.stateDir().resolve("integrations");
        this.configDir = paths.configDir();
        this.hookCommand = cliCommand.isBlank() ? defaultCli() : Arrays.asList(cliCommand.trim().split("\\s+"));
    }

    /** {@code bin/signaltty} of the checkout whose classes run this daemon, else {@code signaltty} on PATH. */
    static List<String> defaultCli() {
        try {
            Path classes = Path.of(LaunchIntegrations.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path dir = classes; dir != null; dir = dir.getParent()) {
                Path script = dir.resolve("bin").resolve("signaltty");
                if (Files.isExecutable(script)) {
                    return List.of(script.toString());
                }
            }
        } catch (Exception e) {
            log.debug("no bin/signaltty beside the classpath: {}", e.toString());
        }
        return List.of("signaltty");
    }

    /**
     * A resume replaces the process: older baselines read IDENTITY_CHANGED; hooks are set up again. An
     * agent pane whose session id is known relaunches through its adapter's resume command
     * ({@link ResumeCommands}); anything else — and an agent that never reported a session — runs its
     * stored argv again (ADR-0083). The stored argv itself never changes.
     */
    @Override
    public Result prepareResume(String paneId, List<String> argv, Path cwd, Map<String, String> env) {
        String session = states.resumableSession(paneId); // read before the replacement forgets the live one
        states.processReplaced(paneId);
        AgentAdapter adapter = adapterFor(argv);
        if (adapter == null || session == null
                || argv.stream().anyMatch(arg -> REMOTE_FLAGS.contains(arg.split("=", 2)[0]))) {
            return prepare(paneId, argv, cwd, env);
        }
        List<String> resume = ResumeCommands.argv(adapter, argv, session,
                ResumeCommands.manifestExecutable(configDir, adapter.name()));
        log.info("pane {} resumes {} session {} as {}", paneId, adapter.name(), session, resume.getFirst());
        return prepare(paneId, adapter, resume, cwd, env);
    }

    @Override
    public Result prepare(String paneId, List<String> argv, Path cwd, Map<String, String> env) {
        return prepare(paneId, adapterFor(argv), argv, cwd, env);
    }

    private @Nullable AgentAdapter adapterFor(List<String> argv) {
        String executable = Path.of(argv.getFirst()).getFileName().toString();
        return adapters.stream().filter(a -> a.executables().contains(executable)).findFirst().orElse(null);
    }

    private Result prepare(String paneId, @Nullable AgentAdapter adapter, List<String> argv, Path cwd,
                           Map<String, String> env) {
        String executable = Path.of(argv.getFirst()).getFileName().toString();
        if (adapter == null) {
            return UNSUPPORTED.contains(executable)
                    ? new Result(argv, env, Integration.disabled(executable, executable
                            + " has no signaltty hook integration; its state is not tracked"))
                    : new Result(argv, env, null);
        }
        if (argv.stream().anyMatch(arg -> REMOTE_FLAGS.contains(arg.split("=", 2)[0]))) {
            return new Result(argv, env, Integration.disabled(adapter.name(),
                    "explicit remote endpoint: hooks would run on the remote side, so none were configured"));
        }
        try {
            AgentAdapter.Prepared prepared = adapter.configure(new AgentAdapter.Launch(paneId, argv, cwd, env,
                    integrationDir, hookCommand));
            if (prepared.awaitsTrust()) {
                states.hooksAwaitTrust(paneId); // wired once the first one is heard: the person may skip Codex's review
            } else {
                states.hooksWired(paneId); // Codex reports no ready state, but its hooks are wired all the same
            }
            if (adapter.reportsReady()) {
                states.launched(paneId, adapter.name());
            }
            return new Result(prepared.argv(), prepared.env(), prepared.integration());
        } catch (Exception e) {
            log.warn("integration for {} in pane {} failed: {}", adapter.name(), paneId, e.toString());
            return new Result(argv, env, Integration.error(adapter.name(), "hook setup failed (" + e.getMessage()
                    + "); the agent runs without signaltty state tracking"));
        }
    }
}
