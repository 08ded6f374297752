package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import org.jspecify.annotations.Nullable;

/**
 * What runs in a pane's terminal now and where: its name, as tmux's {@code pane_current_command} reads it, the terminal's
 * foreground process group ({@code TIOCGPGRP} on the master), that group's leader's argv[0] from
 * {@code /proc/<group>/cmdline}, its file name with a login shell's {@code -} dropped. A bash pane running vim is
 * {@code vim}, and {@code bash} again at its prompt (ADR 1301). One difference from tmux: while the group is the
 * pane's own program and its command line still names the program launched ({@code node /usr/bin/codex}: a script
 * run by its interpreter), the pane keeps the launched name, as before (ADR 1147), not the interpreter's; once that
 * program has replaced itself ({@code sh -c 'exec cat'}) it is called by what it became. Its directory, as tmux's
 * {@code pane_current_path}: the group leader's {@code /proc/<group>/cwd}, else the pane's own process's (a
 * foreground program of another user's, {@code sudo}), a deleted directory's {@code " (deleted)"} dropped as tmux
 * drops it (ADR 1400: what {@code split-window -c '#{pane_current_path}'} starts the new pane in).
 *
 * <p>Why cached: {@code pane.list} answers 1,000 live panes within 10 ms (issue 24), and one {@code /proc} read
 * costs 15–25 µs (1,000 of them would be the whole budget twice), the {@code ioctl} about 1.5 µs. So a pane is
 * looked at no more often than every {@link #CHECK_MS} (tmux's own rate for automatic names), and then by the
 * {@code ioctl} alone; {@code /proc} (the command line and the directory together) is read only when the group is another one, when the pane wrote output since
 * the name was read (a program that replaced itself in place, {@code exec vim}, draws; a shell's {@code cd} is
 * followed by its prompt), or when the name is older
 * than {@link #RENAME_MS} plus a random part of it (spread, so 1,000 panes named at once are not all read again in
 * one answer). So a name may lag its program by that much in the rare case of an exec that writes nothing.
 */
final class CurrentProgram {

    /** The foreground program's name and directory, each null when it cannot be read. */
    record Now(@Nullable String command, @Nullable String path) {
        static final Now UNKNOWN = new Now(null, null);
    }

    static final long CHECK_MS = 500;
    static final long RENAME_MS = 5_000;
    private static final Path PROC = Path.of("/proc");
    /** What Linux appends to the link of a directory removed since (tmux 3.3's osdep_get_cwd drops it too). */
    private static final String DELETED = " (deleted)";

    private long checkedAt;
    private long namedAt;
    private long renameAfterNanos;
    private int group = -1;
    private long outputWhenNamed = -1;
    private Now read = Now.UNKNOWN;

    /**
     * The name and directory of the foreground program of {@code session}'s terminal, {@link Now#UNKNOWN} when none
     * can be read (the session's end has begun, or its group has gone meanwhile). {@code outputOffset} is the pane's
     * output so far.
     */
    synchronized Now of(PtySession session, long outputOffset, List<String> argv) {
        long now = System.nanoTime();
        if (group > 0 && now - checkedAt < CHECK_MS * 1_000_000L) {
            return read;
        }
        checkedAt = now;
        int foreground = session.foregroundGroup();
        if (foreground <= 0) {
            group = -1;
            read = Now.UNKNOWN;
            return read;
        }
        if (foreground != group || outputOffset != outputWhenNamed || now - namedAt > renameAfterNanos) {
            group = foreground;
            outputWhenNamed = outputOffset;
            namedAt = now;
            renameAfterNanos = (RENAME_MS + ThreadLocalRandom.current().nextLong(RENAME_MS)) * 1_000_000L;
            read = new Now(name(group, group == session.pid() && !argv.isEmpty() ? fileName(argv.getFirst()) : null),
                    path(group, session.pid()));
        }
        return read;
    }

    /** The directory of process {@code group}, else of the pane's own process {@code leader}; null when neither reads. */
    static @Nullable String path(long group, long leader) {
        String dir = directory(group);
        return dir != null || group == leader ? dir : directory(leader);
    }

    private static @Nullable String directory(long pid) {
        try {
            Path link = Files.readSymbolicLink(PROC.resolve(Long.toString(pid)).resolve("cwd"));
            String dir = link.toString();
            if (!link.isAbsolute()) {
                return null;
            }
            return dir.endsWith(DELETED) ? dir.substring(0, dir.length() - DELETED.length()) : dir;
        } catch (IOException | RuntimeException e) {
            return null; // gone meanwhile, or another user's process
        }
    }

    /**
     * argv[0]'s file name of process {@code pid}, or {@code launched} when that is not null and one of its words
     * names it; null when the process has gone or has no command line (a zombie).
     */
    static @Nullable String name(int pid, @Nullable String launched) {
        List<String> words;
        try {
            words = ForegroundCommand.argv(Files.readAllBytes(PROC.resolve(Integer.toString(pid)).resolve("cmdline")));
        } catch (IOException | RuntimeException e) {
            return null;
        }
        if (words.isEmpty()) {
            return null;
        }
        if (launched != null) {
            for (String word : words) {
                if (launched.equals(fileName(word))) {
                    return launched;
                }
            }
        }
        return fileName(words.getFirst());
    }

    /** tmux's rule, the CLI's {@code FleetTree.programName}: the last path element, a login shell's '-' dropped. */
    static @Nullable String fileName(String argv0) {
        String name = argv0.substring(argv0.lastIndexOf('/') + 1);
        name = name.startsWith("-") ? name.substring(1) : name;
        return name.isBlank() ? null : name;
    }
}
