package dev.signaltty.task.internal;

/** The prompt a worker gets: its objective, then how to report back with {@code signaltty report}. */
final class Prompts {

    private Prompts() {
    }

    static String compose(Task task) {
        return task.objective.strip() + "\n\n"
                + "When you have finished, report the outcome of this task (" + task.id + ") by running"
                + " (your shell has SIGNALTTY_TASK=" + task.id + " set, so the command finds the task):\n"
                + "signaltty report --status completed --summary \"<one line on what you did>\"\n"
                + "Use --status failed if you could not do it, or --status rejected if you will not do it. "
                + "Your work stays in this worktree; you do not need to commit or merge it.";
    }

    /** Newlines collapsed to spaces, for programs that take a line without bracketed paste. */
    static String oneLine(String prompt) {
        return prompt.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
