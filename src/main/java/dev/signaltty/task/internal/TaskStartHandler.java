package dev.signaltty.task.internal;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;

/** task.start: cap → base → worktree → spawn, synchronously; the first submit runs in the background. */
@Component
class TaskStartHandler implements MethodHandler<TaskStartHandler.Params, TaskStarter.Started> {

    record Params(@Shape(Shape.Kind.ABSOLUTE_PATH) String repo, String objective, @Nullable String agent,
                  @Nullable List<@Shape(Shape.Kind.ARG) String> argv,
                  @Nullable String base, @Nullable String branch, @Nullable String contextId,
                  @Nullable String clientRequestId, @Nullable String workspaceId, @Nullable String tabId,
                  @Nullable String parentPaneId, @Nullable Double readyTimeoutS, @Nullable Integer submitDelayMs,
                  @Nullable Double stallTimeoutS) {
        Params {
            if (repo.isEmpty()) {
                throw ProtocolException.badParams("repo", "must not be empty");
            }
            if (objective.isBlank()) {
                throw ProtocolException.badParams("objective", "must not be empty");
            }
            if ((agent == null || agent.isEmpty()) && (argv == null || argv.isEmpty())) {
                throw ProtocolException.badParams("argv", "agent or argv is required"); // seed R24
            }
            if (argv != null && !argv.isEmpty() && argv.getFirst().isEmpty()) {
                throw ProtocolException.badParams("argv", "argv[0] must not be empty");
            }
            readyTimeoutS = positive("ready_timeout_s", readyTimeoutS, 30);
            stallTimeoutS = positive("stall_timeout_s", stallTimeoutS, 5);
            if (submitDelayMs == null) {
                submitDelayMs = 300;
            } else if (submitDelayMs < 0 || submitDelayMs > 60_000) {
                throw ProtocolException.badParams("submit_delay_ms", "must be within 0..60000");
            }
            for (String[] id : new String[][] {{"context_id", contextId}, {"client_request_id", clientRequestId}}) {
                if (id[1] != null && id[1].isEmpty()) {
                    throw ProtocolException.badParams(id[0], "must not be empty");
                }
            }
        }

        private static double positive(String field, @Nullable Double value, double fallback) {
            if (value == null) {
                return fallback;
            }
            if (!(value > 0) || value > 86_400) {
                throw ProtocolException.badParams(field, "must be within (0, 86400]");
            }
            return value;
        }

        /** The worker command: argv, or the agent's own command. */
        List<String> command() {
            return argv != null && !argv.isEmpty() ? argv : List.of(agent);
        }
    }

    private final TaskStarter starter;

    TaskStartHandler(TaskStarter starter) {
        this.starter = starter;
    }

    @Override
    public String method() {
        return "task.start";
    }

    @Override
    public String summary() {
        return "Starts a worker in a fresh worktree {repo, objective, agent|argv, base?, branch?, context_id?, "
                + "client_request_id?, ...}; returns {task, pane} at pending.";
    }

    @Override
    public TaskStarter.Started handle(Params params, CallContext context) {
        return starter.start(params);
    }
}
