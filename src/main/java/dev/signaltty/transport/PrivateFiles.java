package dev.signaltty.transport;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The one rule for what signaltty writes: its directories are 0700 and its files 0600, whatever the
 * umask and the parent's mode (docs/security.md). Files are created with the mode (the umask can only
 * narrow it) and an existing file or directory of ours that is wider is narrowed on open.
 */
public final class PrivateFiles {

    public static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    public static FileAttribute<Set<PosixFilePermission>> fileMode() {
        return PosixFilePermissions.asFileAttribute(FILE);
    }

    /**
     * Creates {@code dir} (and missing parents, with the default mode: they are not ours to narrow) and
     * makes {@code dir} itself 0700.
     */
    public static Path directory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            Path parent = dir.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(DIRECTORY));
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // created meanwhile (or not a directory: the caller's next use reports that)
            }
        }
        narrow(dir, DIRECTORY);
        return dir;
    }

    /** Opens (creating it 0600 if needed) a file for writing; an existing one is narrowed to 0600. */
    public static FileChannel open(Path file, OpenOption... options) throws IOException {
        FileChannel channel = FileChannel.open(file, Set.of(options), fileMode());
        narrow(file, FILE);
        return channel;
    }

    /** Creates {@code file} empty with mode 0600 unless it exists, then narrows it to 0600. */
    public static void ensureFile(Path file) throws IOException {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.createFile(file, fileMode());
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // fine: narrowed below
            }
        }
        narrow(file, FILE);
    }

    /** Sets {@code mode} when the path has wider permissions (a no-op write otherwise). */
    public static void narrow(Path path, Set<PosixFilePermission> mode) throws IOException {
        Set<PosixFilePermission> now = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
        if (!mode.containsAll(now)) {
            Files.setPosixFilePermissions(path, mode);
        }
    }
}
