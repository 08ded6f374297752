package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.PrivateFiles;
import dev.signaltty.transport.SignalttyPaths;

/**
 * The list of running programs a daemon hands to its next image across a restart in place (ADR 0810):
 * {@code <socket>.handover} beside the socket, mode 0600, one header line {@code signaltty-handover <version>}
 * and one line per program: pane id, master descriptor, pid, columns, rows, and (version 2) the exit status
 * when the program ended before the exec. Written just before the exec,
 * read and deleted by the next image's start.
 */
final class HandOverFile {

    static final String HEADER = "signaltty-handover";
    /** The version written; an unknown one (a build from after) is refused whole. */
    static final int VERSION = 2;
    /** The version before the exit field (ADR 0850): still read, so a build of then can restart into this one. */
    private static final int VERSION_WITHOUT_EXITS = 1;
    /** More lines than any daemon has panes: a file past it is not ours. */
    private static final int MAX_ENTRIES = 65_536;

    /**
     * One program; {@code exited} its exit status when the previous image reaped it after the hand-over (pty4j's
     * reaper thread waits on every child it launched until the exec ends it, ADR 0850), else null.
     */
    record Entry(String paneId, int fd, long pid, int cols, int rows, @Nullable Integer exited) {
        Entry withExit(int status) {
            return new Entry(paneId, fd, pid, cols, rows, status);
        }
    }

    /** The file cannot be used: its reason names what was wrong. */
    static final class Unreadable extends IOException {
        Unreadable(String reason) {
            super(reason);
        }
    }

    private HandOverFile() {
    }

    static Path of(SignalttyPaths paths) {
        return paths.handOver();
    }

    /** Writes the file whole (a temporary file renamed into place), 0600. */
    static void write(Path file, List<Entry> entries) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append(' ').append(VERSION).append('\n');
        for (Entry e : entries) {
            text.append(e.paneId()).append(' ').append(e.fd()).append(' ').append(e.pid()).append(' ')
                    .append(e.cols()).append(' ').append(e.rows());
            if (e.exited() != null) {
                text.append(' ').append(e.exited());
            }
            text.append('\n');
        }
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(temp);
        Files.createFile(temp, PrivateFiles.fileMode());
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The entries; {@link Unreadable} for an unknown version or a line that is not an entry. */
    static List<Entry> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.getFirst().startsWith(HEADER + " ")) {
            throw new Unreadable("no '" + HEADER + "' header");
        }
        String version = lines.getFirst().substring(HEADER.length() + 1).strip();
        boolean withExits = version.equals(Integer.toString(VERSION));
        if (!withExits && !version.equals(Integer.toString(VERSION_WITHOUT_EXITS))) {
            throw new Unreadable("version " + version + " (this build reads versions " + VERSION_WITHOUT_EXITS + " and "
                    + VERSION + ")");
        }
        if (lines.size() - 1 > MAX_ENTRIES) {
            throw new Unreadable(lines.size() - 1 + " entries");
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(" ");
            try {
                if (!(f.length == 5 || withExits && f.length == 6) || f[0].isEmpty()) {
                    throw new NumberFormatException(withExits ? "5 or 6 fields expected" : "5 fields expected");
                }
                Entry entry = new Entry(f[0], Integer.parseInt(f[1]), Long.parseLong(f[2]), Integer.parseInt(f[3]),
                        Integer.parseInt(f[4]), f.length == 6 ? Integer.valueOf(f[5]) : null);
                if (entry.fd() < 3 || entry.pid() < 2) {
                    throw new NumberFormatException("descriptor or pid out of range");
                }
                entries.add(entry);
            } catch (NumberFormatException e) {
                throw new Unreadable("line " + (i + 1) + " is not an entry: " + e.getMessage());
            }
        }
        return entries;
    }
}
