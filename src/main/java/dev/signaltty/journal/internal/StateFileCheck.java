package dev.signaltty.journal.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import dev.signaltty.transport.PrivateFiles;
import dev.signaltty.transport.ProtocolJson;

/**
 * The start-up look at the state directory, before anything reads or writes it (ADR 0121). A state
 * file that is not a regular file (a directory, a symbolic link, a FIFO, a device) is refused rather
 * than followed or waited on, as is any FIFO, socket or device beside them and a snapshot that is not
 * JSON. With {@code recover}, each refused entry is moved aside ({@code <name>.corrupt-<millis>}, kept as
 * evidence) and start-up goes on; the journal then records the loss of what it held. Every regular
 * file found is narrowed to 0600 (a state dir from before that rule).
 */
final class StateFileCheck {

    private static final Logger log = LoggerFactory.getLogger(StateFileCheck.class);
    static final String SNAPSHOT_DIR = "snapshot";
    /** The infix of what recovery moved aside ({@code <name>.corrupt-<millis>}). */
    static final String ASIDE = ".corrupt-";
    private static final Set<String> STATE_FILES = Set.of(Sequencer.FILE, AuditLog.CURRENT, AuditLog.PREVIOUS,
            RetentionMetadata.FILE, SyncedLengthMark.FILE);

    private final Path stateDir;
    private final boolean recover;

    StateFileCheck(Path stateDir, boolean recover) {
        this.stateDir = stateDir;
        this.recover = recover;
    }

    void run() throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(stateDir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                BasicFileAttributes attrs = attributes(entry);
                if (name.contains(ASIDE)) {
                    continue; // evidence an earlier recovery moved aside: never read again
                }
                if (name.equals(SNAPSHOT_DIR)) {
                    if (attrs.isDirectory()) {
                        checkSnapshots(entry);
                    } else {
                        refuse(entry, "is " + kind(entry, attrs) + ", not the snapshot directory");
                    }
                } else if (STATE_FILES.contains(name) || name.endsWith(".json")) {
                    checkRegular(entry, attrs);
                } else if (attrs.isOther() || (attrs.isSymbolicLink() && !Files.exists(entry))) {
                    refuse(entry, "is " + kind(entry, attrs) + "; the state directory holds only files and directories");
                }
            }
        }
    }

    private void checkSnapshots(Path dir) throws IOException {
        PrivateFiles.narrow(dir, PrivateFiles.DIRECTORY);
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                BasicFileAttributes attrs = attributes(entry);
                if (entry.getFileName().toString().contains(ASIDE)) {
                    continue;
                }
                if (entry.getFileName().toString().endsWith(".json")) {
                    if (checkRegular(entry, attrs)) {
                        checkJson(entry);
                    }
                } else if (!attrs.isRegularFile() && !attrs.isDirectory()) {
                    refuse(entry, "is " + kind(entry, attrs) + "; the snapshot directory holds only files");
                }
            }
        }
    }

    /** True when {@code file} is a regular file (and is now 0600); refuses it otherwise. */
    private boolean checkRegular(Path file, BasicFileAttributes attrs) throws IOException {
        if (attrs.isRegularFile()) {
            PrivateFiles.narrow(file, PrivateFiles.FILE);
            return true;
        }
        refuse(file, "is " + kind(file, attrs) + ", not a regular file");
        return false;
    }

    private void checkJson(Path file) throws IOException {
        @Nullable String problem;
        try {
            JsonNode tree = ProtocolJson.MAPPER.readTree(Files.readAllBytes(file));
            problem = tree == null || !tree.isObject() ? "not a JSON object" : null;
        } catch (JacksonException e) {
            problem = e.getOriginalMessage();
        }
        if (problem != null) {
            refuse(file, "corrupt snapshot: " + problem);
        }
    }

    private void refuse(Path entry, String problem) throws IOException {
        if (!recover) {
            throw new JournalCorruptException(entry, problem);
        }
        Path aside = entry.resolveSibling(entry.getFileName() + ASIDE + System.currentTimeMillis());
        Files.move(entry, aside, LinkOption.NOFOLLOW_LINKS);
        new Durability().syncDirectory(entry.getParent());
        log.warn("recover: {} {}; moved to {}", entry, problem, aside);
    }

    private static BasicFileAttributes attributes(Path entry) throws IOException {
        return Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    }

    private static String kind(Path entry, BasicFileAttributes attrs) {
        if (attrs.isDirectory()) {
            return "a directory";
        }
        if (attrs.isSymbolicLink()) {
            return Files.exists(entry) ? "a symbolic link" : "a dangling symbolic link";
        }
        if (attrs.isOther()) {
            return "a FIFO, socket or device";
        }
        return "a regular file";
    }
}
