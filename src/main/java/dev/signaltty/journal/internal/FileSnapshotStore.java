package dev.signaltty.journal.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import tools.jackson.core.JacksonException;

import dev.signaltty.journal.SnapshotStore;
import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.transport.SignalttyPaths;

/** {@link SnapshotStore} as {@code <state dir>/snapshot/<name>.json}. */
@Component
public class FileSnapshotStore implements SnapshotStore {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    private final Path dir;
    private final Durability durability;

    @Autowired
    public FileSnapshotStore(Environment environment) {
        this(SignalttyPaths.resolve(environment::getProperty).stateDir().resolve("snapshot"), new Durability());
    }

    public FileSnapshotStore(Path dir, Durability durability) {
        this.dir = dir;
        this.durability = durability;
    }

    @Override
    public synchronized void save(String name, Object document) {
        Path file = file(name);
        try {
            durability.writeAtomically(file,
                    ProtocolJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(document));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save snapshot " + file, e);
        }
    }

    @Override
    public synchronized <T> Optional<T> load(String name, Class<T> type) {
        Path file = file(name);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(ProtocolJson.MAPPER.readValue(Files.readAllBytes(file), type));
        } catch (JacksonException e) {
            throw new IllegalStateException(file + ": not a readable " + type.getSimpleName() + " snapshot: "
                    + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new IllegalStateException(file + ": cannot read snapshot: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void delete(String name) {
        Path file = file(name);
        try {
            if (Files.deleteIfExists(file)) {
                durability.syncDirectory(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete snapshot " + file, e);
        }
    }

    private Path file(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("bad snapshot name: " + name);
        }
        return dir.resolve(name + ".json");
    }
}
