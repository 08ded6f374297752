package dev.signaltty.journal.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Pattern;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import tools.jackson.core.JacksonException;

import dev.signaltty.journal.SnapshotStore;
import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.transport.SignalttyPaths;

/**
 * {@link SnapshotStore} as {@code <state dir>/snapshot/<name>.json}. Calls for one name are serialized; calls for
 * different names are not (ADR 0710): at start one owner's restore no longer waits for another owner's first save
 * (its serialization and two fsyncs).
 */
@Component
public class FileSnapshotStore implements SnapshotStore {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    private final Path dir;
    private final Durability durability;
    private final ConcurrentMap<String, Object> locks = new ConcurrentHashMap<>();

    @Autowired
    public FileSnapshotStore(Environment environment) {
        this(SignalttyPaths.resolve(environment::getProperty).stateDir().resolve("snapshot"), new Durability());
    }

    public FileSnapshotStore(Path dir, Durability durability) {
        this.dir = dir;
        this.durability = durability;
    }

    @Override
    public void save(String name, Object document) {
        Path file = file(name);
        synchronized (lock(name)) {
            try {
                durability.writeAtomically(file,
                        ProtocolJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(document));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot save snapshot " + file, e);
            }
        }
    }

    @Override
    public <T> Optional<T> load(String name, Class<T> type) {
        Path file = file(name);
        synchronized (lock(name)) {
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
    }

    @Override
    public void delete(String name) {
        Path file = file(name);
        synchronized (lock(name)) {
            try {
                if (Files.deleteIfExists(file)) {
                    durability.syncDirectory(dir);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete snapshot " + file, e);
            }
        }
    }

    private Object lock(String name) {
        return locks.computeIfAbsent(name, unused -> new Object());
    }

    private Path file(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("bad snapshot name: " + name);
        }
        return dir.resolve(name + ".json");
    }
}
