package dev.signaltty.pane.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.JournalTail;
import dev.signaltty.journal.SnapshotLifecycle;
import dev.signaltty.journal.SnapshotStore;
import dev.signaltty.agent.PaneAgents;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.Layouts;
import dev.signaltty.workspace.StructureLock;
import dev.signaltty.workspace.Workspaces;

/**
 * Persists pane metadata (ids, names, argv, cwd, environment overrides, labels, parent relations, size)
 * so panes come back after a restart, as exited with resume available: processes do not outlive the
 * daemon. Restores before the socket opens (after the workspace snapshot, whose tabs they sit in).
 */
@Component
class PaneSnapshots extends SnapshotLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PaneSnapshots.class);
    static final String NAME = "panes";

    record PaneDoc(String paneId, String workspaceId, String tabId, @Nullable String name, List<String> argv,
                   String cwd, Map<String, String> env, @Nullable String label, @Nullable String parentPaneId,
                   @Nullable String relationship, int cols, int rows, String createdAt,
                   dev.signaltty.agent.@Nullable Integration integration,
                   @Nullable Integer exitCode, @Nullable String startedAt, @Nullable String exitedAt,
                   @Nullable String restart, @Nullable List<String> foreground, @Nullable String foregroundCwd,
                   @Nullable String exitUnknown) {

        PaneDoc {
            env = env == null ? Map.of() : env;
        }

        /** {@code code} null with {@code unknown} saying why when the status is lost (ADR 0952). */
        PaneDoc exited(@Nullable Integer code, @Nullable String unknown, @Nullable String at) {
            return new PaneDoc(paneId, workspaceId, tabId, name, argv, cwd, env, label, parentPaneId, relationship,
                    cols, rows, createdAt, integration, code, startedAt, at, restart, null, null, unknown);
        }

        /**
         * Its program ran when the daemon that wrote this last stopped, and no exit of it was journaled: that
         * daemon ended without ending it or handing it over (a crash, a SIGKILL, the machine going down).
         */
        boolean exitUntold() {
            return startedAt != null && exitedAt == null && exitCode == null && exitUnknown == null;
        }

        /** With the allowed foreground command, read after the structure lock was let go (ADR 0330). */
        PaneDoc withForeground(ForegroundCommand command) {
            return new PaneDoc(paneId, workspaceId, tabId, name, argv, cwd, env, label, parentPaneId, relationship,
                    cols, rows, createdAt, integration, exitCode, startedAt, exitedAt, restart, command.argv(),
                    command.cwd(), exitUnknown);
        }

        /** The stored foreground command (with the directory it ran in, absent in older documents), or null. */
        @Nullable ForegroundCommand foregroundCommand() {
            return foreground == null ? null : new ForegroundCommand(foreground, foregroundCwd);
        }
    }

    /** {@code seq}: the journal position the document reflects (null in documents of older versions). */
    record Document(int version, @Nullable Long seq, List<PaneDoc> panes) {
    }

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;
    private final SnapshotStore snapshots;
    private final Workspaces workspaces;
    private final StructureLock lock;
    private final Layouts layouts;
    private final RerunCommands rerunCommands;

    private final JournalTail journal;
    private final PaneAgents agents;
    /** Restored panes whose exit the previous daemon never told, until {@link UntoldExits} takes them. */
    private final List<Pane> untoldExits = new ArrayList<>();

    PaneSnapshots(PaneRegistry registry, PaneLifecycle lifecycle, SnapshotStore snapshots, Workspaces workspaces,
                  StructureLock lock, Layouts layouts, JournalTail journal, PaneAgents agents, RerunCommands rerunCommands) {
        // before the agent and decision snapshots (-150): they restore only the panes that came back
        super(NAME, snapshots, journal, Integer.MAX_VALUE - 200);
        this.rerunCommands = rerunCommands;
        this.journal = journal;
        this.agents = agents;
        this.registry = registry;
        this.lifecycle = lifecycle;
        this.snapshots = snapshots;
        this.workspaces = workspaces;
        this.lock = lock;
        this.layouts = layouts;
    }

    private void restore() {
        // no document: a state dir of an older version (this one saves at start, before the socket opens)
        Document document = PaneCatchUp.apply(snapshots.load(NAME, Document.class)
                .orElse(new Document(1, null, List.of())), journal);
        lock.run(() -> {
            int restored = 0;
            for (PaneDoc doc : document.panes()) {
                boolean tabLives;
                try {
                    // the id itself: a tab that merely has that id as its name (ADR 1120) is another tab
                    tabLives = workspaces.tab(doc.tabId()).id().equals(doc.tabId());
                } catch (ProtocolException gone) {
                    tabLives = false;
                }
                if (!tabLives) {
                    log.warn("pane {} not restored: its tab {} is gone", doc.paneId(), doc.tabId());
                    continue;
                }
                Pane pane = lifecycle.restored(doc);
                agents.restoredWithoutProcess(doc.paneId());
                if (doc.exitUntold()) {
                    synchronized (this) {
                        untoldExits.add(pane);
                    }
                }
                restored++;
            }
            log.info("restored {} panes from the snapshot (exited, resumable)", restored);
        });
    }

    /**
     * The restored panes whose document says their program was running with no exit journaled after it; once.
     * (Taken rather than given: a bean this one depended on would be started before it, whatever its phase.)
     */
    synchronized List<Pane> takeUntoldExits() {
        List<Pane> taken = List.copyOf(untoldExits);
        untoldExits.clear();
        return taken;
    }

    /** A running rerun pane whose foreground command is read once the structure lock is let go. */
    private record ForegroundRead(int index, Pane pane, PtySession session) {
    }

    /**
     * The document: the panes' facts under the structure lock, then, with the lock let go, the
     * foreground commands of the running rerun panes (issue 17 item 3; read at every capture, so the
     * snapshot holds the command of the last half second), so a slow {@code /proc} never holds the lock
     * (ADR 0330). A command is kept only when its pane still runs the same process after
     * the read: it describes the process the document says is running.
     */
    @Override
    protected Document capture() {
        List<ForegroundRead> reads = new ArrayList<>();
        Document document = lock.call(() -> {
            List<PaneDoc> out = new ArrayList<>();
            List<Pane> panes = new ArrayList<>(registry.all());
            panes.sort(Comparator.comparing(p -> p.createdAt));
            for (Pane pane : panes) {
                PtySession session = pane.session;
                if (RestartPolicy.RERUN.equals(pane.restart) && session != null && pane.alive()) {
                    reads.add(new ForegroundRead(out.size(), pane, session));
                }
                out.add(new PaneDoc(pane.id, pane.workspaceId, pane.tabId, pane.name, pane.argv, pane.cwd.toString(),
                        PersistedEnv.writable(overrides(pane.env), pane.env.get(PersistedEnv.ASK)), pane.label, pane.parentPaneId, pane.relationship, pane.terminal.cols(),
                        pane.terminal.rows(), pane.createdAt.toString(), pane.integration, pane.exitCode,
                        text(pane.startedAt), text(pane.exitedAt), pane.restart, null, null, pane.exitUnknown));
            }
            return new Document(1, journal.issuedThrough(), out);
        });
        if (reads.isEmpty()) {
            return document;
        }
        List<PaneDoc> out = new ArrayList<>(document.panes());
        for (ForegroundRead read : reads) {
            ForegroundCommand command = allowed(ForegroundCommand.of(read.session().pid()));
            if (command != null && read.pane().session == read.session() && read.pane().alive()) {
                out.set(read.index(), out.get(read.index()).withForeground(command));
            }
        }
        return new Document(document.version(), document.seq(), out);
    }

    /** The part of a foreground command the allowlist lets be written, or null (an argv can hold secrets). */
    private @Nullable ForegroundCommand allowed(@Nullable ForegroundCommand command) {
        List<String> argv = command == null ? null : rerunCommands.allowed(command.argv());
        return argv == null ? null : command.withArgv(argv);
    }

    private static @Nullable String text(java.time.@Nullable Instant instant) {
        return instant == null ? null : instant.toString();
    }

    /** The pane's environment minus what the daemon itself provides (it is recomputed at resume). */
    private static Map<String, String> overrides(Map<String, String> env) {
        Map<String, String> daemon = System.getenv();
        Map<String, String> out = new HashMap<>();
        env.forEach((key, value) -> {
            if (!key.startsWith("SIGNALTTY_") && !key.equals("TERM") && !Objects.equals(daemon.get(key), value)) {
                out.put(key, value);
            }
        });
        return out;
    }



    @Override
    protected void restoreAtStart() {
        restore();
        // the two snapshots are saved at different moments: after a crash, make the layouts and the
        // restored panes agree (no leaf without a pane, no pane without a leaf)
        Map<String, List<String>> panesByTab = new HashMap<>();
        registry.all().stream().sorted(Comparator.comparing(p -> p.createdAt))
                .forEach(p -> panesByTab.computeIfAbsent(p.tabId, k -> new ArrayList<>()).add(p.id));
        layouts.reconcile(panesByTab);
    }
}
