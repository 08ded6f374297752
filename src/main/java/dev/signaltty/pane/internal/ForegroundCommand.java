package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The command a pane's shell runs in the foreground and the directory it runs in, read as tmux-resurrect
 * does: the terminal's foreground process group ({@code tpgid}, field 8 of the leader's
 * {@code /proc/<pid>/stat}), its leader's {@code /proc/<pgid>/cmdline} and {@code /proc/<pgid>/cwd}
 * (ADR 0330: a {@code cd} made in the shell before the command is where it runs again). No foreground
 * job (the shell itself at its prompt), a process that is gone, or a system without {@code /proc} all
 * read as none; a cwd that cannot be read reads as null (the command then runs where the shell starts,
 * as before ADR 0330).
 *
 * @param argv the foreground job's command line
 * @param cwd  its working directory, or null when unknown
 */
record ForegroundCommand(List<String> argv, @Nullable String cwd) {

    private static final Path PROC = Path.of("/proc");

    ForegroundCommand {
        argv = List.copyOf(argv);
    }

    /** The foreground job under the session led by {@code leaderPid}, or null when there is none. */
    static @Nullable ForegroundCommand of(long leaderPid) {
        try {
            long group = foregroundGroup(Files.readString(PROC.resolve(Long.toString(leaderPid)).resolve("stat")));
            if (group <= 0 || group == leaderPid) {
                return null;
            }
            Path process = PROC.resolve(Long.toString(group));
            List<String> argv = argv(Files.readAllBytes(process.resolve("cmdline")));
            return argv.isEmpty() ? null : new ForegroundCommand(argv, cwd(process));
        } catch (IOException | RuntimeException e) {
            return null; // exited meanwhile, or no /proc: nothing to restore
        }
    }

    /** The same job cut to the part of its command line that is run again. */
    ForegroundCommand withArgv(List<String> command) {
        return new ForegroundCommand(command, cwd);
    }

    /**
     * The line typed into the new shell: {@code cd -- '<dir>' && <command>} when the directory is known.
     * {@code &&}: when the directory is gone the command does not run in another one, and the shell
     * shows why.
     */
    String shellLine() {
        String command = RerunCommands.shellLine(argv);
        return cwd == null ? command : RerunCommands.shellLine(List.of("cd", "--", cwd)) + " && " + command;
    }

    private static @Nullable String cwd(Path process) {
        try {
            Path dir = Files.readSymbolicLink(process.resolve("cwd"));
            // kept as read: a directory deleted since reads "<dir> (deleted)", and the typed cd then fails
            return dir.isAbsolute() ? dir.toString() : null;
        } catch (IOException | RuntimeException e) {
            return null; // another user's process, or gone meanwhile
        }
    }

    /** {@code tpgid} from a stat line; the command name in parentheses may hold spaces and ')'. */
    static long foregroundGroup(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return Long.parseLong(fields[5]); // state ppid pgrp session tty_nr tpgid
    }

    /** {@code cmdline}'s NUL-separated arguments. */
    static List<String> argv(byte[] cmdline) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < cmdline.length; i++) {
            if (cmdline[i] == 0) {
                out.add(new String(cmdline, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (start < cmdline.length) {
            out.add(new String(cmdline, start, cmdline.length - start, StandardCharsets.UTF_8));
        }
        return out;
    }
}
