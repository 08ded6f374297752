package dev.signaltty.vt;

/**
 * Where the pane's shell is, from its OSC 133 marks (kept by the emulator's {@code internal.ShellMarks}).
 *
 * @param phase    {@code none} (no mark yet), {@code prompt}, {@code running} (a command's output is
 *                 being written) or {@code done} (a command ended, the next prompt not yet drawn)
 * @param prompts  prompts drawn so far
 * @param started  commands started so far (the number of the latest)
 * @param finished the number of the latest finished command (0: none)
 */
public record ShellState(String phase, long prompts, long started, long finished) {

    public boolean seen() {
        return !phase.equals("none");
    }

    public boolean running() {
        return phase.equals("running");
    }
}
