package dev.signaltty.workspace.internal.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/**
 * A private copy of a checkout's index, used through {@code GIT_INDEX_FILE} so that intent-to-add
 * entries and baseline trees never touch the user's index (seed ADR-0029 via issue 8). Copying keeps
 * the cached stat data, so git does not re-hash unchanged files. Deleted on close.
 */
final class TempIndex implements AutoCloseable {

    private final Path dir;
    private final Path file;

    private TempIndex(Path dir, Path file) {
        this.dir = dir;
        this.file = file;
    }

    /** Copies the index of the checkout at {@code root} (or starts empty before the first add). */
    static TempIndex copyOf(GitRunner git, Path root, Deadline deadline) {
        String indexPath = git.run(root, deadline, "rev-parse", "--git-path", "index").requireOk()
                .stdoutText().strip();
        Path userIndex = root.resolve(indexPath);
        try {
            Path dir = Files.createTempDirectory("signaltty-index-");
            Path file = dir.resolve("index");
            if (Files.isRegularFile(userIndex)) {
                Files.copy(userIndex, file, StandardCopyOption.COPY_ATTRIBUTES);
            }
            return new TempIndex(dir, file);
        } catch (IOException e) {
            throw new ProtocolException(ErrorCode.IO_ERROR, "cannot copy the index: " + e.getMessage(), Map.of(), e);
        }
    }

    Map<String, String> env() {
        return Map.of("GIT_INDEX_FILE", file.toString());
    }

    @Override
    public void close() {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // A leftover temp file is harmless; the read itself succeeded.
        }
    }
}
