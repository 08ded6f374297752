package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.Terminal;

/** One pane: its launch spec, its PTY session and its emulator. */
final class Pane {

    final String id;
    final String workspaceId;
    volatile String tabId;
    volatile @Nullable String name;
    final List<String> argv;
    final Path cwd;
    final Map<String, String> env;
    volatile @Nullable String label;
    final @Nullable String parentPaneId;
    final @Nullable String relationship;
    /** The task this pane works for (a typed field of the spawn request), or null. */
    final @Nullable String taskId;
    final Instant createdAt;
    /** createdAt's ISO text, made once: pane.get and pane.list answer it on every call (issue 24 item 2). */
    private final String createdAtText;
    /** When the current (or last) process was launched; null for a pane restored without one. */
    volatile @Nullable Instant startedAt;
    /** True for a pane brought back from the state dir: its screen and history are from before the restart. */
    volatile boolean restored;
    /** Relaunch policy after a daemon restart (issue 17 item 3): never, resume or rerun. */
    volatile String restart = RestartPolicy.NEVER;
    /** A restored rerun pane's last foreground command and its cwd, typed into its shell once it runs again (issue 17 item 3). */
    volatile @Nullable ForegroundCommand rerunCommand;

    volatile @Nullable PtySession session;
    final Terminal terminal;
    final PaneInput input;
    /** Cumulative bytes of output, guarded by the terminal's monitor so reads and offsets agree. */
    long outputOffset;
    volatile @Nullable Integer exitCode;
    /** Why an exited program has no exit code when its status is lost (ADR 0952); null otherwise. */
    volatile @Nullable String exitUnknown;
    /** When the program exited; set last of the exit's fields, and what ends {@link #alive()}. */
    volatile @Nullable Instant exitedAt;
    volatile boolean closed;
    /** Its program was handed to the daemon's next image (a restart in place, ADR 0810): the shutdown leaves it running. */
    volatile boolean handedOver;
    /** The agent integration of the last launch (null for ordinary programs); persisted with the pane. */
    volatile dev.signaltty.agent.@Nullable Integration integration;
    /** The screen watch of the current launch when an agent manifest applies to its program (ADR 0210), else null. */
    volatile dev.signaltty.agent.ScreenWatches.@Nullable Watch screenWatch;
    /** The shell given OSC 133 marks at the last launch ("bash", "zsh"), or null (ShellIntegration). */
    volatile @Nullable String shell;
    /** The asciicast recording of this pane's output, if one runs (pane.record); guarded by the terminal's monitor. */
    @Nullable Recording recording;
    /** Connections attached to this pane's output, by connection id (one viewer per connection). */
    final Map<Long, dev.signaltty.transport.Connection> viewers = new java.util.concurrent.ConcurrentHashMap<>();
    /** The sizes viewers asked for (ADR-0160), guarded by the terminal's monitor. */
    final ViewerSizes sizes = new ViewerSizes();
    /** The colours of the viewers' terminals (ADR 1011): what OSC 10/11 are answered with while any gave some. */
    final ViewerColors colors = new ViewerColors();

    /**
     * What a pane is made of, named: {@code Facts.of(id, workspace, tab).command(argv, cwd, env)...
     * .createdAt(at)}, whether it is launched now or restored from a snapshot.
     */
    static final class Facts {
        private final String id;
        private final String workspaceId;
        private final String tabId;
        private @Nullable String name;
        private List<String> argv = List.of();
        private Path cwd = Path.of("/");
        private Map<String, String> env = Map.of();
        private @Nullable String label;
        private @Nullable String parentPaneId;
        private @Nullable String relationship;
        private @Nullable String taskId;
        private Instant createdAt = Instant.now();

        private Facts(String id, String workspaceId, String tabId) {
            this.id = id;
            this.workspaceId = workspaceId;
            this.tabId = tabId;
        }

        static Facts of(String id, String workspaceId, String tabId) {
            return new Facts(id, workspaceId, tabId);
        }

        Facts name(@Nullable String name) {
            this.name = name;
            return this;
        }

        Facts command(List<String> argv, Path cwd, Map<String, String> env) {
            this.argv = argv;
            this.cwd = cwd;
            this.env = env;
            return this;
        }

        Facts label(@Nullable String label) {
            this.label = label;
            return this;
        }

        Facts parent(@Nullable String parentPaneId, @Nullable String relationship) {
            this.parentPaneId = parentPaneId;
            this.relationship = relationship;
            return this;
        }

        Facts task(@Nullable String taskId) {
            this.taskId = taskId;
            return this;
        }

        Facts createdAt(Instant createdAt) {
            this.createdAt = createdAt;
            return this;
        }
    }

    Pane(Facts facts, Terminal terminal) {
        this.id = facts.id;
        this.createdAt = facts.createdAt;
        this.createdAtText = facts.createdAt.toString();
        this.workspaceId = facts.workspaceId;
        this.tabId = facts.tabId;
        this.name = facts.name;
        this.argv = List.copyOf(facts.argv);
        this.cwd = facts.cwd;
        this.env = Map.copyOf(facts.env);
        this.label = facts.label;
        this.parentPaneId = facts.parentPaneId;
        this.relationship = facts.relationship;
        this.taskId = facts.taskId;
        this.terminal = terminal;
        this.input = new PaneInput(id, () -> {
            PtySession current = session;
            return current == null || exitedAt != null ? null : current.input();
        });
    }

    /** What runs in the terminal now and where, read at most every {@link CurrentProgram#CHECK_MS}. */
    private final CurrentProgram currentProgram = new CurrentProgram();

    /** When {@link #write} last wrote input other than a focus report (System.nanoTime), 0 before the first. */
    private volatile long lastInputNanos;

    /** A program runs: launched or adopted, and not told exited (an exit may have no code, ADR 0952). */
    boolean alive() {
        return exitedAt == null && session != null;
    }

    /** Writes input bytes to the child. PANE_EXITED once it has gone. */
    void write(byte[] bytes) throws IOException {
        if (!alive()) {
            throw new IOException("pane has exited");
        }
        boolean typed = !isFocusReport(bytes);
        if (typed) {
            lastInputNanos = System.nanoTime();
        }
        try {
            input.write(bytes);
        } finally {
            dev.signaltty.agent.ScreenWatches.Watch watch = screenWatch;
            if (typed && watch != null) {
                watch.input(); // the key may answer what the screen asks: its verdict is stale until read again
            }
        }
    }

    /**
     * {@code CSI I} / {@code CSI O}: a view telling a program that asked (DECSET 1004) that the person moved to or
     * away from its pane. Not typing: a bell after it calls for someone as after no input at all.
     */
    private static boolean isFocusReport(byte[] bytes) {
        return bytes.length == 3 && bytes[0] == 0x1b && bytes[1] == '[' && (bytes[2] == 'I' || bytes[2] == 'O');
    }

    /**
     * True when input was written to the program within {@code nanos}: a bell then answers that input (a
     * Tab with no match, a refused key) rather than calling for someone (ADR 0991).
     */
    boolean hadInputWithin(long nanos) {
        long last = lastInputNanos;
        return last != 0 && System.nanoTime() - last < nanos;
    }

    /** Queues bytes without waiting (terminal replies: the reader thread must never block on input). */
    void writeLater(byte[] bytes) {
        if (alive()) {
            input.submit(bytes);
        }
    }

    /** The pane as its events carry it: without {@code current_command} and {@code current_path}, which no event follows (ADR 1301). */
    PaneView view() {
        return view(false);
    }

    /** The pane as {@code pane.get} and {@code pane.list} answer it: with what runs in its terminal now and where (ADRs 1301, 1400). */
    PaneView liveView() {
        return view(true);
    }

    private PaneView view(boolean withCurrentProgram) {
        PtySession current = session;
        long offset;
        synchronized (terminal) {
            offset = outputOffset;
        }
        CurrentProgram.Now now = withCurrentProgram && current != null && alive() ? currentProgram.of(current, offset, argv)
                : CurrentProgram.Now.UNKNOWN;
        return new PaneView(id, name, workspaceId, tabId, argv, now.command(), now.path(), cwd.toString(), label, parentPaneId, relationship,
                current == null ? null : current.pid(), terminal.cols(), terminal.rows(), terminal.title(),
                alive() ? "running" : "exited", exitCode, exitUnknown, offset, createdAtText, integration, taskId(),
                startedText(), exitedText(), restored ? Boolean.TRUE : null,
                RestartPolicy.NEVER.equals(restart) ? null : restart);
    }

    /** An instant with its ISO text: formatting an Instant is the costliest part of a view, and it rarely changes. */
    private record Stamp(Instant at, String text) {

        /** The text of {@code at}, reusing {@code last} while it is of the same instant. */
        static @Nullable Stamp of(@Nullable Instant at, @Nullable Stamp last) {
            if (at == null) {
                return null;
            }
            return last != null && last.at == at ? last : new Stamp(at, at.toString());
        }
    }

    // the last texts made by view(): a relaunch or an exit sets a new Instant, which makes a new text
    private volatile @Nullable Stamp startedStamp;
    private volatile @Nullable Stamp exitedStamp;

    private @Nullable String startedText() {
        Stamp last = startedStamp;
        Stamp stamp = Stamp.of(startedAt, last);
        if (stamp != last) {
            startedStamp = stamp;
        }
        return stamp == null ? null : stamp.text();
    }

    private @Nullable String exitedText() {
        Stamp last = exitedStamp;
        Stamp stamp = Stamp.of(exitedAt, last);
        if (stamp != last) {
            exitedStamp = stamp;
        }
        return stamp == null ? null : stamp.text();
    }

    /**
     * {@code currentCommand}: the name of the program in the terminal's foreground now (ADR 1301), {@code currentPath}
     * its directory (ADR 1400), each when known; {@code cwd} is the directory the pane was launched in.
     */
    record PaneView(String paneId, @Nullable String name, String workspaceId, String tabId, List<String> argv,
                    @Nullable String currentCommand, @Nullable String currentPath, String cwd, @Nullable String label, @Nullable String parentPaneId, @Nullable String relationship,
                    @Nullable Long pid, int cols, int rows, String title, String status, @Nullable Integer exitCode,
                    @Nullable String exitUnknown, long outputOffset, String createdAt,
                    dev.signaltty.agent.@Nullable Integration integration,
                    @Nullable String taskId, @Nullable String startedAt, @Nullable String exitedAt,
                    @Nullable Boolean restored, @Nullable String restart) {
    }

    /** Task workers are tagged by their spawn request's task id: every event about the pane carries it. */
    @Nullable String taskId() {
        return taskId;
    }
}
