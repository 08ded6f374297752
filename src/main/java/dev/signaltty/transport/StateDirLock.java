package dev.signaltty.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.jspecify.annotations.Nullable;

/**
 * One daemon per state directory: an exclusive {@link FileLock} on {@code <state dir>/daemon.lock},
 * held for the daemon's life (the kernel drops it when the process dies, even by kill -9). The holder
 * writes its pid and socket path into the file so a refused daemon, or the CLI, can say who holds it. Taken before anything else
 * touches the directory (ADR 0120).
 */
public final class StateDirLock implements AutoCloseable {

    public static final String FILE = "daemon.lock";

    /** Retries of a failed {@code tryLock} before the lock counts as held, {@link #PROBE_RETRY_MS} apart. */
    private static final int PROBE_RETRIES = 3;
    private static final long PROBE_RETRY_MS = 5;

    /** The third line a daemon writes into the file when it is about to execute itself again (ADR 1290). */
    static final String RESTARTING = "restarting";

    /** The lock this process holds: at most one, the kernel's locks being per process and file. */
    private static volatile @Nullable StateDirLock held;

    private final FileChannel channel;
    private final FileLock lock;
    private final String owner;

    private StateDirLock(FileChannel channel, FileLock lock, String owner) {
        this.channel = channel;
        this.lock = lock;
        this.owner = owner;
    }

    /**
     * Who holds the lock: the daemon's pid and socket (empty when the file does not say), and whether it
     * wrote that it is restarting in place.
     */
    public record Holder(String pid, String socket, boolean restarting) {
        public String describe() {
            return (pid.isEmpty() ? "" : " (pid " + pid + ")") + (socket.isEmpty() ? "" : " listening on " + socket);
        }

        /** True when the holder wrote {@code path} as its socket: a daemon for the same socket, not a rival. */
        public boolean servesSocket(Path path) {
            return socket.equals(path.toString());
        }
    }

    /**
     * Takes the lock, creating the directory (0700) and the lock file (0600) if needed.
     *
     * @throws StartupRefused when another process holds it; nothing in the directory was changed
     */
    public static StateDirLock acquire(Path stateDir, Path socket) throws IOException {
        PrivateFiles.directory(stateDir);
        Path file = stateDir.resolve(FILE);
        FileChannel channel = PrivateFiles.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        FileLock lock = tryLockPatiently(channel);
        if (lock == null) {
            Holder holder = holder(channel);
            channel.close();
            throw inUse(stateDir, holder);
        }
        String owner = ProcessHandle.current().pid() + "\n" + socket + "\n";
        channel.truncate(0); // a restarted image's line saying it was restarting goes with the old text
        channel.write(ByteBuffer.wrap(owner.getBytes(StandardCharsets.UTF_8)), 0);
        StateDirLock taken = new StateDirLock(channel, lock, owner);
        held = taken;
        return taken;
    }

    /**
     * Writes into the lock this process holds that it is about to execute itself again ({@code server
     * restart}). The lock is let go when the old image closes and taken again only once the new image's
     * start reaches it, seconds later on a loaded machine; meanwhile a client tells a daemon coming back
     * from one gone for good by this line and the pid, which the exec keeps ({@link #restartingIn}). The new
     * image's {@link #acquire} clears it. Written through the holding channel: opening another descriptor on
     * the file and closing it would drop this process's lock.
     */
    public static void markRestarting() throws IOException {
        StateDirLock lock = held;
        if (lock == null) {
            throw new IOException("this process holds no state directory lock");
        }
        lock.channel.write(ByteBuffer.wrap((lock.owner + RESTARTING + "\n").getBytes(StandardCharsets.UTF_8)), 0);
        lock.channel.force(false);
    }

    /**
     * The daemon restarting in place on {@code stateDir}: the lock's holder, or, while nobody holds it, the
     * process that wrote {@link #markRestarting} and is still alive (between its old image's close and its
     * new image's {@link #acquire}). Null when neither: no daemon is on its way.
     */
    public static @Nullable Holder restartingIn(Path stateDir) {
        Holder holder = heldBy(stateDir);
        if (holder != null) {
            return holder;
        }
        Path file = stateDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        // read only: a probe's tryLock is what heldBy did; here nothing is locked, so nothing to drop
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            Holder written = holder(channel);
            boolean alive = !written.pid().isEmpty()
                    && ProcessHandle.of(Long.parseLong(written.pid())).map(ProcessHandle::isAlive).orElse(false);
            return written.restarting() && alive ? written : null;
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    /**
     * Refuses at once when a live daemon holds {@code stateDir}: checked before Spring starts, since
     * logging (daemon.log in that directory) begins before any bean could take the lock.
     */
    public static void refuseIfHeld(Path stateDir) {
        Holder holder = heldBy(stateDir);
        if (holder != null) {
            throw inUse(stateDir, holder);
        }
    }

    private static StartupRefused inUse(Path stateDir, Holder holder) {
        return new StartupRefused(stateDir, "in use by another signaltty daemon" + holder.describe()
                + "; one daemon per state directory", "stop that daemon first: signaltty server stop", null);
    }

    /** The daemon holding the lock on {@code stateDir}, or null when nobody holds it. */
    public static @Nullable Holder heldBy(Path stateDir) {
        Path file = stateDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock probe = tryLockPatiently(channel);
            if (probe != null) {
                probe.release();
                return null;
            }
            return holder(channel);
        } catch (IOException e) {
            return null; // unreadable: the daemon's own start reports it
        }
    }

    /**
     * The lock, or null when another process holds it. A probe ({@link #heldBy}, from a CLI or a starting
     * daemon) holds the lock for microseconds, so a refusal waits for a few short retries first: two daemons
     * started at once must not both be refused because each met the other's probe (ADR 0596).
     */
    private static @Nullable FileLock tryLockPatiently(FileChannel channel) throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                FileLock lock = channel.tryLock();
                if (lock != null || attempt == PROBE_RETRIES) {
                    return lock;
                }
            } catch (OverlappingFileLockException inThisJvm) {
                return null;
            }
            try {
                Thread.sleep(PROBE_RETRY_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    private static Holder holder(FileChannel channel) {
        try {
            ByteBuffer buffer = ByteBuffer.allocate(8192);
            channel.read(buffer, 0);
            String[] lines = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).split("\n");
            String pid = lines.length > 0 && lines[0].matches("\\d+") ? lines[0] : "";
            return new Holder(pid, lines.length > 1 ? lines[1] : "", lines.length > 2 && lines[2].equals(RESTARTING));
        } catch (IOException e) {
            return new Holder("", "", false);
        }
    }

    @Override
    public void close() throws IOException {
        if (held == this) {
            held = null;
        }
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}
