package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The command a pane's shell runs in the foreground, read as tmux-resurrect does: the terminal's
 * foreground process group ({@code tpgid}, field 8 of the leader's {@code /proc/<pid>/stat}) and its
 * leader's {@code /proc/<pgid>/cmdline}. No foreground job (the shell itself at its prompt), a process
 * that is gone, or a system without {@code /proc} all read as none.
 */
final class ForegroundCommand {

    private static final Path PROC = Path.of("/proc");

    private ForegroundCommand() {
    }

    /** The foreground job's argv under the session led by {@code leaderPid}, or null when there is none. */
    static @Nullable List<String> of(long leaderPid) {
        try {
            long group = foregroundGroup(Files.readString(PROC.resolve(Long.toString(leaderPid)).resolve("stat")));
            if (group <= 0 || group == leaderPid) {
                return null;
            }
            List<String> argv = argv(Files.readAllBytes(PROC.resolve(Long.toString(group)).resolve("cmdline")));
            return argv.isEmpty() ? null : argv;
        } catch (IOException | RuntimeException e) {
            return null; // exited meanwhile, or no /proc: nothing to restore
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
