package dev.signaltty.agent.internal.integration;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import dev.signaltty.agent.Integration;

/**
 * One supported agent. A new agent is one class implementing this, registered as a bean.
 */
public interface AgentAdapter {

    /** What a launch looks like to the adapter. {@code hookCommand} is the argv of {@code signaltty}. */
    record Launch(String paneId, List<String> argv, Path cwd, Map<String, String> env, Path integrationDir,
                  List<String> hookCommand) {
    }

    /**
     * The argv and environment to launch with (the persisted argv never changes) and the reply member;
     * {@code awaitsTrust}: the agent runs the hooks only once the person trusts them (Codex's hook review), so
     * they count as wired only from the first one heard (ADR 1112).
     */
    record Prepared(List<String> argv, Map<String, String> env, Integration integration, boolean awaitsTrust) {

        Prepared(List<String> argv, Map<String, String> env, Integration integration) {
            this(argv, env, integration, false);
        }
    }

    /** The adapter's name, also the {@code agent} in hook events: {@code claude}, {@code codex}. */
    String name();

    /** The bare executable names this adapter recognises (basename of argv[0]). */
    List<String> executables();

    /**
     * The bare command that resumes session {@code sessionId} (its first word is a bare executable name;
     * pane.resume may swap in a retained path-qualified one or a manifest path, see {@link ResumeCommands}).
     */
    List<String> resumeCommand(String sessionId);

    /** True if the agent reports a ready state through its hooks (then submit waits for it). */
    boolean reportsReady();

    /** Configures hooks before the process starts. May throw: the caller turns that into status error. */
    Prepared configure(Launch launch) throws Exception;
}
