package dev.signaltty.agent;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * What a launch of a known agent adds (hook configuration, resume arguments), asked by the pane module
 * before it starts a process; implemented in {@code agent/internal/integration}.
 */
public interface AgentLaunches {

    /** The command and environment to start, and the integration to report (null: not an agent). */
    record Result(List<String> argv, Map<String, String> env, @Nullable Integration integration) {
    }

    /** A new launch of {@code argv} in {@code paneId}. */
    Result prepare(String paneId, List<String> argv, Path cwd, Map<String, String> env);

    /** A relaunch by {@code pane.resume}: the agent's resume arguments for the pane's last session. */
    Result prepareResume(String paneId, List<String> argv, Path cwd, Map<String, String> env);
}
