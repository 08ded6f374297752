package dev.signaltty.pane.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One thread that watches the masters of every idle pane, so an idle pane keeps no reader thread of its
 * own (ADR 0547: each is ~110 KiB of RSS). It polls each handed-off master and its reader's wake pipe.
 * Once one is readable, hung up or woken by {@code stop()}, it takes that reader out of its set and
 * resumes it on a new thread of its own. It never reads: the byte on a wake pipe is left for the resumed
 * reader, which then drains and ends as before. A descriptor is closed only after its reader's last
 * stint, and a stint only runs once the reader is out of this set, so the poll never sees a closed one.
 */
final class IdlePtyWatcher {

    private static final Logger log = LoggerFactory.getLogger(IdlePtyWatcher.class);

    /** Every wait has a deadline; nothing is due at it, the loop just polls again. */
    private static final int POLL_MS = 60_000;

    static final IdlePtyWatcher INSTANCE = new IdlePtyWatcher();

    private final ConcurrentLinkedQueue<PaneReader> arriving = new ConcurrentLinkedQueue<>();
    private int wakeRead = -1;
    private int wakeWrite = -1;

    private IdlePtyWatcher() {
    }

    /** Takes over a reader whose stint has ended quiet; it resumes once its master has something. */
    void watch(PaneReader reader) {
        start();
        arriving.add(reader);
        try {
            Posix.write(wakeWrite, new byte[] {1}, 1);
        } catch (LastErrorException full) {
            // the pipe is full: the watcher is awake already and takes the queue on its next turn
        }
    }

    private synchronized void start() {
        if (wakeWrite >= 0) {
            return;
        }
        int[] fds = new int[2];
        Posix.pipe(fds);
        for (int fd : fds) {
            Posix.fcntl(fd, Posix.F_SETFD, Posix.FD_CLOEXEC);
        }
        Posix.fcntl(fds[0], Posix.F_SETFL, Posix.O_NONBLOCK);
        Posix.fcntl(fds[1], Posix.F_SETFL, Posix.O_NONBLOCK);
        wakeRead = fds[0];
        wakeWrite = fds[1];
        // a platform thread: a blocking native poll would pin a virtual thread's carrier
        Thread.ofPlatform().daemon().name("pty-idle-watch").start(this::loop);
    }

    private void loop() {
        List<PaneReader> idle = new ArrayList<>();
        Memory scratch = new Memory(64);
        while (true) {
            for (PaneReader r; (r = arriving.poll()) != null; ) {
                idle.add(r);
            }
            int n = 1 + 2 * idle.size();
            try (Memory fds = new Memory(8L * n)) {
                fds.clear();
                fds.setInt(0, wakeRead);
                fds.setShort(4, Posix.POLLIN);
                for (int i = 0; i < idle.size(); i++) {
                    PtyOutputReader output = idle.get(i).output();
                    fds.setInt(8L * (1 + 2 * i), output.master());
                    fds.setShort(8L * (1 + 2 * i) + 4, Posix.POLLIN);
                    fds.setInt(8L * (2 + 2 * i), output.wakeFd());
                    fds.setShort(8L * (2 + 2 * i) + 4, Posix.POLLIN);
                }
                try {
                    if (Posix.poll(fds, n, POLL_MS) <= 0) {
                        continue;
                    }
                } catch (LastErrorException interrupted) {
                    continue; // EINTR: poll again
                }
                if (fds.getShort(6) != 0) {
                    drainWakePipe(scratch);
                }
                for (int i = idle.size() - 1; i >= 0; i--) {
                    // Posix.POLLIN, POLLHUP or POLLERR on the master, or the reader's stop(): its reader takes over
                    if (fds.getShort(8L * (1 + 2 * i) + 6) != 0 || fds.getShort(8L * (2 + 2 * i) + 6) != 0) {
                        idle.remove(i).resume();
                    }
                }
            } catch (RuntimeException e) {
                log.warn("idle PTY watcher: {}", e.toString());
            }
        }
    }

    private void drainWakePipe(Memory scratch) {
        while (Posix.read(wakeRead, scratch, scratch.size()) > 0) {
            // emptied (then EAGAIN): the pipe only says "look at the queue"
        }
    }
}
