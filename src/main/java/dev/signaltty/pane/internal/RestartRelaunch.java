package dev.signaltty.pane.internal;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Relaunches the restored panes whose policy asks for it (ADR 0133), once the panes, their transcripts
 * and their agent sessions are back and before the socket opens: {@code resume} and {@code rerun} both
 * go through {@link PaneLifecycle#resume}, which resumes an agent's last session through its adapter and
 * starts any other program (a shell) again with its stored argv in its last cwd. A rerun shell that ran
 * an allowlisted foreground command ({@link RerunCommands}) gets that command typed in again, after a
 * {@code cd} to the directory it ran in (ADR 0330).
 */
@Component
class RestartRelaunch extends StartStep {

    private static final Logger log = LoggerFactory.getLogger(RestartRelaunch.class);

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;

    RestartRelaunch(PaneRegistry registry, PaneLifecycle lifecycle) {
        super(Integer.MAX_VALUE - 140); // after the agent sessions (-150), before the socket (-100)
        this.registry = registry;
        this.lifecycle = lifecycle;
    }

    @Override
    void run() {
        for (Pane pane : List.copyOf(registry.all())) {
            if (!pane.restored || RestartPolicy.NEVER.equals(pane.restart)) {
                continue;
            }
            try {
                lifecycle.resume(pane);
                log.info("pane {} relaunched after the restart ({})", pane.id, pane.restart);
                ForegroundCommand command = pane.rerunCommand;
                if (RestartPolicy.RERUN.equals(pane.restart) && command != null) {
                    // typed as the user would, tmux-resurrect's way: the shell reads it once it is up,
                    // and when the command ends the shell is still there (in the command's directory)
                    pane.writeLater((command.shellLine() + "\r").getBytes(StandardCharsets.UTF_8));
                    log.info("pane {} runs its last foreground command again: {}", pane.id, command.argv().getFirst());
                }
            } catch (RuntimeException e) {
                log.warn("pane {} ({}) not relaunched after the restart: {}", pane.id, pane.restart, e.getMessage());
            }
        }
    }
}
