package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;
import com.pty4j.unix.UnixPtyProcess;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * One child on a real PTY. The child is a session leader (pty4j calls setsid), so its pid is its
 * process group id and signals to {@code -pid} reach everything it started. The child is launched here
 * through pty4j, or adopted after a restart in place ({@link AdoptedChild}, ADR 0810).
 */
final class PtySession {

    /** The process side of a session: pty4j's process, or an adopted child. */
    interface Child {
        long pid();

        boolean isAlive();

        /**
         * Blocks until the child exits and is reaped; its exit status (128+n for signal n), or null when another
         * waiter reaped it and so took its status ({@link AdoptedChild#STATUS_LOST}).
         */
        @Nullable Integer waitFor() throws InterruptedException;

        /**
         * Lets go of the child's own master descriptor (ours are closed by the reader and writer). Nothing else
         * uses that descriptor: the size and the hand-over go through the writer's (ADR 1300).
         */
        void release();
    }

    /**
     * A child pty4j launched. pty4j's descriptors are used by nothing but their release: pty4j reads its master's
     * number without a lock ({@code setWinSize}, {@code getWinSize}), so a call racing the release could reach a
     * number closed and already reused by another pane's terminal (ADR 1300).
     */
    private record Launched(UnixPtyProcess process) implements Child {
        @Override
        public long pid() {
            return process.pid();
        }

        @Override
        public boolean isAlive() {
            return process.isAlive();
        }

        @Override
        public Integer waitFor() throws InterruptedException {
            return process.waitFor();
        }

        @Override
        public void release() {
            // not before pty4j's reaper is done with them: a late write of its could hit a fresh pane (ADR 1200)
            LauncherDescriptors.release(process);
        }
    }

    interface LibC extends Library {
        LibC INSTANCE = Native.load("c", LibC.class);

        int kill(int pid, int signal);

        int madvise(Pointer address, long length, int advice);

        long sysconf(int name);
    }

    static final int SIGHUP = 1;
    static final int SIGKILL = 9;

    private final Child process;
    private final PtyOutputReader output;
    private final PtyInputWriter input;

    private PtySession(Child process, PtyOutputReader output, PtyInputWriter input) {
        this.process = process;
        this.output = output;
        this.input = input;
    }

    static {
        ChildSignals.resetInheritedIgnores(); // before the first child is forked
    }

    static PtySession launch(List<String> argv, Path cwd, Map<String, String> env, int cols, int rows) throws IOException {
        PtyProcess process = new PtyProcessBuilder(sizedFirst(argv))
                .setDirectory(cwd.toString())
                .setEnvironment(env)
                .setInitialColumns(cols)
                .setInitialRows(rows)
                .setRedirectErrorStream(true)
                .start();
        if (!(process instanceof UnixPtyProcess unix)) {
            process.destroyForcibly();
            throw new IOException("not a Unix PTY: " + process.getClass().getName());
        }
        PtyOutputReader output = null;
        try {
            int master = unix.getPty().getMasterFD();
            output = PtyOutputReader.open(master);
            return new PtySession(new Launched(unix), output, PtyInputWriter.open(master));
        } catch (IOException e) {
            if (output != null) {
                output.close();
            }
            process.destroyForcibly();
            throw e;
        }
    }

    /**
     * The session of a program handed over by the daemon's previous image: {@code master} is the
     * inherited descriptor of its PTY master (made close-on-exec here, so later children do not inherit
     * it), {@code pid} our running child. On failure the descriptor is closed.
     */
    static PtySession adopt(int master, int pid) throws IOException {
        PtyOutputReader output = null;
        try {
            Posix.fcntl(master, Posix.F_SETFD, Posix.FD_CLOEXEC);
            output = PtyOutputReader.open(master);
            PtyInputWriter input = PtyInputWriter.open(master);
            return new PtySession(AdoptedChild.reap(pid, master), output, input);
        } catch (IOException | com.sun.jna.LastErrorException e) {
            if (output != null) {
                output.close();
            }
            try {
                Posix.close(master);
            } catch (com.sun.jna.LastErrorException ignored) {
                // gone either way
            }
            throw e instanceof IOException io ? io : new IOException("cannot adopt the PTY master " + master, e);
        }
    }

    /**
     * A new descriptor of the master, not close-on-exec, for the next image of the daemon (ADR 0810);
     * taken before the reader ends, whose end closes every descriptor this session holds. Fails once that
     * end has begun: a number closed by then may already be another file's (ADR 1300).
     */
    int duplicateMasterForExec() throws IOException {
        return input.duplicateForExec();
    }

    /**
     * The command that waits until the terminal has its size and then becomes the program (same pid,
     * group and session). pty4j sets the requested size on the master only after its launcher has
     * started the child, so a program that asks for its size at once (tput, a TUI's first frame) could
     * see 0×0 or 80×24 on a loaded machine. The child only reads the size (setting it here could undo
     * a {@code pane.resize} that came first); it waits at most a second, then runs the program anyway.
     */
    static String[] sizedFirst(List<String> argv) {
        List<String> command = new java.util.ArrayList<>(argv.size() + 4);
        command.addAll(List.of("sh", "-c", AWAIT_SIZE_THEN_EXEC, argv.getFirst()));
        command.addAll(argv);
        return command.toArray(String[]::new);
    }

    private static final String AWAIT_SIZE_THEN_EXEC = "i=0; while [ \"$(stty size 2>/dev/null)\" = '0 0' ] && [ $i -lt 100 ];"
            + " do sleep 0.01; i=$((i+1)); done; exec \"$@\"";

    long pid() {
        return process.pid();
    }

    /** The program's output; read by one thread only, the pane's reader. */
    PtyOutputReader output() {
        return output;
    }

    /**
     * Ends the output: the reader must have returned. Closes our duplicates of the master and pty4j's
     * own descriptors (through its stream, which is how pty4j releases them); input fails from now on.
     * The writer's before pty4j's: once the writer's close returns, no write, resize or hand-over duplicate is
     * under way or can start, so none of them reaches a number freed here (ADR 1300).
     */
    void closeOutput() {
        output.close();
        input.close();
        process.release();
    }

    /** The non-blocking way in; pty4j's own stream is never written (the master is non-blocking). */
    PtyInputWriter input() {
        return input;
    }

    /** The terminal's foreground process group, -1 once the session's end has begun (ADR 1301). */
    int foregroundGroup() {
        return input.foregroundGroup();
    }

    /** Sets the terminal's size; nothing once the session's end has begun (ADR 1300). */
    void resize(int cols, int rows) {
        input.resize(cols, rows);
    }

    /**
     * Signals the child's whole process group. Once the child has been reaped its number is free, and on a busy
     * machine (pid_max 32768) soon another's: a process that has it now is not ours, and gets nothing. While a
     * straggler of our group lives, the number stays the group's and cannot be handed out, so the group is still
     * signalled then: a close or a stop kills the stragglers of a program that ended by its SIGHUP. (Before
     * ADR 0911 this went by the old number, falling back to the bare pid: that could hang up whatever process had
     * the number since, such as a fresh pane of another daemon, which then ended with exit 129 and no output.
     * Since ADR 0951 a program that had exited before the close or the stop is not signalled at all.)
     */
    void signalGroup(int signal) {
        int pid = (int) process.pid();
        boolean reaped = !process.isAlive();
        if (reaped && Files.exists(Path.of("/proc", Integer.toString(pid)))) {
            return;
        }
        if (LibC.INSTANCE.kill(-pid, signal) != 0 && !reaped) {
            LibC.INSTANCE.kill(pid, signal); // not reaped yet: the number is still our child's
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Blocks until the child exits and is reaped; its exit status (128+n for signal n), null when it is lost. */
    @Nullable Integer waitFor() throws InterruptedException {
        return process.waitFor();
    }
}
