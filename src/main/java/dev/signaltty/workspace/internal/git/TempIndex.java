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
 *
 * <p>For reads, objects git would write (the empty blob that {@code add --intent-to-add} records) go
 * to a private object directory with the repository's as an alternate, so a read leaves the
 * repository byte-for-byte unchanged. A baseline capture keeps the repository's object directory: its
 * tree must outlive the call.
 */
final class TempIndex implements AutoCloseable {

    private final Path dir;
    private final Map<String, String> env;

    private TempIndex(Path dir, Map<String, String> env) {
        this.dir = dir;
        this.env = Map.copyOf(env);
    }

    /** A copy for reads: nothing is written to the repository. */
    static TempIndex copyOf(GitRunner git, Path root, Deadline deadline) {
        return create(git, root, deadline, true);
    }

    /** A copy whose new objects go to the repository (baseline capture). */
    static TempIndex copyWritingObjects(GitRunner git, Path root, Deadline deadline) {
        return create(git, root, deadline, false);
    }

    private static TempIndex create(GitRunner git, Path root, Deadline deadline, boolean privateObjects) {
        String[] paths = git.run(root, deadline, "rev-parse", "--git-path", "index", "--git-path", "objects")
                .requireOk().stdoutText().strip().split("\n");
        Path userIndex = root.resolve(paths[0]);
        Path objects = root.resolve(paths[1]).toAbsolutePath().normalize();
        try {
            Path dir = Files.createTempDirectory("signaltty-index-");
            Path file = dir.resolve("index");
            if (Files.isRegularFile(userIndex)) {
                Files.copy(userIndex, file, StandardCopyOption.COPY_ATTRIBUTES);
            }
            Map<String, String> env = new java.util.HashMap<>();
            env.put("GIT_INDEX_FILE", file.toString());
            if (privateObjects) {
                Path own = Files.createDirectories(dir.resolve("objects"));
                env.put("GIT_OBJECT_DIRECTORY", own.toString());
                env.put("GIT_ALTERNATE_OBJECT_DIRECTORIES", objects.toString());
            }
            return new TempIndex(dir, env);
        } catch (IOException e) {
            throw new ProtocolException(ErrorCode.IO_ERROR, "cannot copy the index: " + e.getMessage(), Map.of(), e);
        }
    }

    Map<String, String> env() {
        return env;
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
