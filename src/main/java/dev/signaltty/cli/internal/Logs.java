package dev.signaltty.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * {@code signaltty logs [-f] [--lines N]}: the daemon's log, read from the file (no daemon needed, so it
 * works when the daemon will not start). {@code -f} follows it across the daemon's size-based rolling:
 * when the file is replaced or shrinks, reading restarts at the new file's beginning. Ends when the
 * reader goes away ({@code | head}) or on Ctrl-C.
 */
final class Logs {

    static final long DEFAULT_LINES = 100;
    static final long POLL_MS = 250;

    private final Path file;
    private final PrintStream out;

    Logs(Path file, PrintStream out) {
        this.file = file;
        this.out = out;
    }

    int run(Map<String, Object> params) {
        boolean follow = Boolean.TRUE.equals(params.get("follow"));
        long lines = params.get("lines") instanceof Long n ? n : DEFAULT_LINES;
        if (lines < 0) {
            throw new ArgParser.UsageException("--lines: must be 0 (all) or more", null);
        }
        if (!Files.exists(file) && !follow) {
            throw new CliException("IO_ERROR", "no log at " + file + " (no daemon has run with this state dir)");
        }
        long position = 0;
        @Nullable Object key = null;
        if (Files.exists(file)) {
            try {
                byte[] all = Files.readAllBytes(file);
                position = all.length;
                key = fileKey();
                List<String> text = new String(all, StandardCharsets.UTF_8).lines().toList();
                int from = lines == 0 ? 0 : (int) Math.max(0, text.size() - lines);
                text.subList(from, text.size()).forEach(out::println);
                out.flush();
            } catch (IOException e) {
                throw new CliException("IO_ERROR", "cannot read " + file + ": " + e.getMessage());
            }
        }
        while (follow && !out.checkError()) {
            try {
                Object now = fileKey();
                long size = now == null ? 0 : Files.size(file);
                if (now == null) {
                    key = null;
                } else if (!Objects.equals(now, key) || size < position) {
                    key = now; // rolled: the daemon started a new file
                    position = 0;
                }
                if (now != null && size > position) {
                    position = copy(position, size);
                }
                Thread.sleep(POLL_MS);
            } catch (IOException e) {
                // the file moved away between the checks (rolling): look again
                key = null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 0;
            }
        }
        return 0;
    }

    private long copy(long from, long to) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(from);
            byte[] buffer = new byte[(int) Math.min(to - from, 1 << 20)];
            in.readFully(buffer);
            out.write(buffer, 0, buffer.length);
            out.flush();
            return from + buffer.length;
        }
    }

    private @Nullable Object fileKey() throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
    }
}
