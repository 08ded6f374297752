package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.pane.PaneClosed;
import dev.signaltty.pane.PaneExited;
import dev.signaltty.agent.AgentLaunches;
import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalColors;
import dev.signaltty.vt.TerminalListener;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.workspace.CheckoutGuard;
import dev.signaltty.workspace.Ids;
import dev.signaltty.workspace.StructureLock;
import dev.signaltty.workspace.TabClosing;
import dev.signaltty.workspace.TabRef;
import dev.signaltty.workspace.WorkspaceClosing;
import dev.signaltty.workspace.WorkspaceRef;
import dev.signaltty.workspace.Workspaces;

/**
 * Launches, restores, resumes and closes panes. A launch is validated, started and published under the
 * structure lock, so a failed launch leaves no tab or pane and a concurrent close cannot interleave. What
 * runs in a pane once launched (its reader, its exit, its hand-over and its end) is {@link RunningPrograms}'.
 */
@Component
class PaneLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PaneLifecycle.class);
    private final PaneRegistry registry;
    private final Workspaces workspaces;
    private final StructureLock lock;
    private final EventLog events;
    private final ApplicationEventPublisher publisher;
    private final SignalttyPaths paths;
    private final RingLimits ringLimits;
    private final long seqBase;
    private final CheckoutGuard checkouts;
    private final PaneOutput output;
    private final RunningPrograms programs;
    private AgentLaunches integrations;
    private ShellIntegration shells;

    /** OSC 133 marks for bash and zsh panes (a setter, like the agent integrations). */
    @org.springframework.beans.factory.annotation.Autowired
    void setShells(ShellIntegration shells) {
        this.shells = shells;
    }
    private dev.signaltty.agent.TerminalSignals terminalSignals;
    private TerminalColorSettings colorSettings;

    /** Bells, notifications and Codex's state for the agent module, and the OSC 10/11 colours (setters, like the others). */
    @org.springframework.beans.factory.annotation.Autowired
    void setTerminalSignals(dev.signaltty.agent.TerminalSignals terminalSignals, TerminalColorSettings colorSettings) {
        this.terminalSignals = terminalSignals;
        this.colorSettings = colorSettings;
    }
    private ClientEnvironment clientEnvironment;
    private dev.signaltty.agent.ScreenWatches screens;

    /** Screen rules for programs without hooks (a setter, like the agent integrations). */
    @org.springframework.beans.factory.annotation.Autowired
    void setScreens(dev.signaltty.agent.ScreenWatches screens) {
        this.screens = screens;
    }

    /** Agent launch integrations (a setter, so this constructor stays as others extend it). */
    @org.springframework.beans.factory.annotation.Autowired
    void setIntegrations(AgentLaunches integrations) {
        this.integrations = integrations;
    }

    /** The base + refreshed environment of new panes (a setter, like the integrations). */
    @org.springframework.beans.factory.annotation.Autowired
    void setClientEnvironment(ClientEnvironment clientEnvironment) {
        this.clientEnvironment = clientEnvironment;
    }

    PaneLifecycle(PaneRegistry registry, Workspaces workspaces, StructureLock lock, EventLog events,
                  ApplicationEventPublisher publisher, SignalttyPaths paths, PaneOutput output, CheckoutGuard checkouts,
                  EmulatorScheduler scheduler,
                  @Value("${signaltty.pane.scrollback-lines:10000}") int scrollbackLines,
                  @Value("${signaltty.pane.scrollback-bytes:8388608}") long scrollbackBytes) {
        this.registry = registry;
        this.workspaces = workspaces;
        this.lock = lock;
        this.events = events;
        this.publisher = publisher;
        this.paths = paths;
        this.output = output;
        this.programs = new RunningPrograms(output, scheduler, events, publisher, lock);
        this.checkouts = checkouts;
        this.ringLimits = new RingLimits(scrollbackLines, scrollbackBytes);
        // rendered cursors carry the run identity in their high bits: a cursor from another run reads as dropped
        this.seqBase = (Instant.now().getEpochSecond() & 0x3fffff) << 32;
    }

    Pane spawn(SpawnSpec spec) {
        return lock.call(() -> {
            WorkspaceRef workspace = workspaces.resolve(spec.workspaceId());
            workspaces.checkTab(workspace.id(), spec.tabId());
            if (spec.parentPaneId() != null) {
                Pane parent = registry.resolve(spec.parentPaneId());
                if (!parent.workspaceId.equals(workspace.id())) {
                    throw ProtocolException.badParams("parent_pane_id", "pane " + spec.parentPaneId()
                            + " belongs to another workspace");
                }
            }
            Path cwd = launchDirectory(spec.cwd(), workspace.cwd());
            checkouts.refuseIfRemoving(cwd, "cwd"); // under the structure lock, like the pane's registration
            String paneId = Ids.next("pane");
            Map<String, String> env = environment(spec.env(), paneId, workspace.id(), spec.taskId());
            List<String> argv = Executables.anchor(spec.argv() == null || spec.argv().isEmpty()
                    ? List.of(env.getOrDefault("SHELL", "bash")) : spec.argv(), cwd, env);
            ReplyChannel replies = replyChannel(paneId);
            Terminal terminal = new Terminal(spec.cols(), spec.rows(), replies, ringLimits, seqBase);
            PtySession session;
            AgentLaunches.Result launch;
            ShellIntegration.Launch shell;
            try {
                // hooks are configured before the process starts; the persisted argv stays as given
                launch = integrations.prepare(paneId, argv, cwd, env);
                shell = shells.prepare(launch.argv(), launch.env());
                session = PtySession.launch(shell.argv(), cwd, shell.env(), spec.cols(), spec.rows());
            } catch (IOException | RuntimeException e) {
                throw new ProtocolException(ErrorCode.SPAWN_FAILED, "cannot launch " + argv.getFirst() + ": "
                        + e.getMessage(), Map.of("argv0", argv.getFirst()));
            }
            TabRef tab = workspaces.placePane(workspace.id(), spec.tabId(), paneId, spec.besidePaneId(),
                    spec.side(), spec.ratio());
            Pane pane = new Pane(Pane.Facts.of(paneId, workspace.id(), tab.id()).command(argv, cwd, env)
                    .label(spec.label())
                    .parent(spec.parentPaneId() == null ? null : registry.resolve(spec.parentPaneId()).id,
                            spec.relationship())
                    .task(spec.taskId()).createdAt(Instant.now()), terminal);
            pane.session = session;
            pane.startedAt = pane.createdAt;
            pane.restart = spec.restart() == null ? RestartPolicy.NEVER : spec.restart();
            pane.integration = launch.integration();
            pane.shell = shell.shell();
            replies.pane = pane;
            registry.add(pane);
            pane.screenWatch = screens.watch(paneId, argv, terminal);
            programs.watch(pane, session);
            events.append(new PaneEvents.Created(pane.view()));
            return pane;
        });
    }

    /**
     * A pane from the snapshot: same id, name, place and facts (created_at, started_at, exit code and
     * time), no process until pane.resume or its restart policy relaunches it.
     */
    Pane restored(PaneSnapshots.PaneDoc doc) {
        // snapshots keep no task id (PaneSnapshots persists no SIGNALTTY_* variable): a restored pane is untagged
        Map<String, String> env = environment(doc.env(), doc.paneId(), doc.workspaceId(), null);
        ReplyChannel replies = replyChannel(doc.paneId());
        Pane pane = new Pane(Pane.Facts.of(doc.paneId(), doc.workspaceId(), doc.tabId()).name(doc.name())
                .command(doc.argv(), Path.of(doc.cwd()), env).label(doc.label())
                .parent(doc.parentPaneId(), doc.relationship()).createdAt(Instant.parse(doc.createdAt())),
                new Terminal(doc.cols(), doc.rows(), replies, ringLimits, seqBase));
        pane.startedAt = doc.startedAt() == null ? null : Instant.parse(doc.startedAt());
        pane.exitCode = doc.exitCode();
        pane.exitUnknown = doc.exitUnknown();
        pane.exitedAt = doc.exitedAt() == null ? null : Instant.parse(doc.exitedAt());
        pane.integration = doc.integration(); // the last launch's, until a resume sets it again
        pane.restored = true;
        pane.restart = doc.restart() == null ? RestartPolicy.NEVER : doc.restart();
        pane.rerunCommand = doc.foregroundCommand();
        replies.pane = pane;
        registry.add(pane);
        return pane;
    }

    /**
     * Relaunches a pane that is not running (it exited, or came back from a restart) with its stored argv,
     * cwd and environment. The pane keeps its id, name, place, viewers and output offsets.
     */
    Pane resume(Pane pane) {
        return lock.call(() -> {
            if (pane.alive()) {
                throw ProtocolException.badParams("pane_id", "pane " + pane.id + " is running; only an exited pane resumes");
            }
            if (pane.closed) {
                throw new ProtocolException(ErrorCode.NO_SUCH_PANE, "no pane " + pane.id, Map.of("pane_id", pane.id));
            }
            PtySession session;
            try {
                AgentLaunches.Result launch = integrations.prepareResume(pane.id, pane.argv, pane.cwd, pane.env);
                pane.integration = launch.integration();
                ShellIntegration.Launch shell = shells.prepare(launch.argv(), launch.env());
                pane.shell = shell.shell();
                session = PtySession.launch(shell.argv(), pane.cwd, shell.env(), pane.terminal.cols(), pane.terminal.rows());
            } catch (IOException | RuntimeException e) {
                throw new ProtocolException(ErrorCode.SPAWN_FAILED, "cannot relaunch " + pane.argv.getFirst() + ": "
                        + e.getMessage(), Map.of("pane_id", pane.id));
            }
            pane.exitCode = null;
            pane.exitUnknown = null;
            pane.exitedAt = null;
            pane.startedAt = Instant.now();
            pane.session = session;
            // before the new program's reader starts: its first output lands on a fresh line (ADR 0781)
            RelaunchSeparator.write(pane, output);
            pane.screenWatch = screens.watch(pane.id, pane.argv, pane.terminal);
            programs.watch(pane, session);
            events.append(new PaneEvents.Updated(pane.view()));
            return pane;
        });
    }

    private static Path launchDirectory(@Nullable String requested, Path workspaceCwd) {
        if (requested == null) {
            return workspaceCwd;
        }
        Path cwd = workspaceCwd.resolve(requested).normalize();
        if (!Files.isDirectory(cwd)) {
            throw ProtocolException.badParams("cwd", "not a directory: " + cwd);
        }
        return cwd;
    }

    private Map<String, String> environment(@Nullable Map<String, String> overrides, String paneId, String workspaceId,
                                            @Nullable String taskId) {
        Map<String, String> env = clientEnvironment.forPane(overrides);
        env.put("TERM", "xterm-256color");
        env.put("SIGNALTTY_SOCKET", paths.socket().toString());
        env.put("SIGNALTTY_PANE", paneId);
        env.put("SIGNALTTY_WORKSPACE", workspaceId);
        if (taskId != null) {
            env.put("SIGNALTTY_TASK", taskId); // for the worker's own commands (signaltty task report)
        }
        return env;
    }

    /** A new pane's listener, with the configured colours and the agent module's signals (ADR 0960). */
    private ReplyChannel replyChannel(String paneId) {
        return new ReplyChannel(terminalSignals.forPane(paneId), colorSettings.colors());
    }

    /**
     * Emulator replies (DSR cursor reports, DA) go back to the child as input: vim waits for them. A bell,
     * a notification or a state goes to the agent module, only from a running process: a transcript
     * replayed at a restart must not ring again.
     */
    private static final class ReplyChannel implements TerminalListener {
        /**
         * A bell this soon after input written to the pane answers that input (readline's Tab with no match,
         * vim's refused key): tmux flags no bell in the window being typed in, and neither do we (ADR 0991).
         */
        static final long BELL_AFTER_INPUT_NANOS = 1_000_000_000L;
        volatile @Nullable Pane pane;
        private final TerminalListener signals;
        private final TerminalColors colors;

        ReplyChannel(TerminalListener signals, TerminalColors colors) {
            this.signals = signals;
            this.colors = colors;
        }

        @Override
        public void reply(byte[] bytes) {
            Pane target = pane;
            if (target == null) {
                return;
            }
            target.writeLater(bytes);
        }

        private boolean running() {
            Pane target = pane;
            return target != null && target.alive();
        }

        @Override
        public void bell() {
            Pane target = pane;
            if (running() && !target.hadInputWithin(BELL_AFTER_INPUT_NANOS)) {
                signals.bell();
            }
        }

        @Override
        public void notification(String title, String body) {
            if (running()) {
                signals.notification(title, body);
            }
        }

        @Override
        public void stateReported(String state) {
            if (running()) {
                signals.stateReported(state);
            }
        }

        /** The latest viewer's terminal colours (ADR 1011), else the configured ones (ADR 0962). */
        @Override
        public TerminalColors colors() {
            Pane target = pane;
            TerminalColors viewer = target == null ? null : target.colors.latest();
            return viewer != null ? viewer : colors;
        }
    }

    /** See {@link RunningPrograms#handOver}. */
    HandOverFile.@Nullable Entry handOver(Pane pane, long inputDeadlineNanos) throws IOException, InterruptedException {
        return programs.handOver(pane, inputDeadlineNanos);
    }

    /** Waits up to {@code timeoutMs} for the pane's process to be reaped; true when it has been (or never ran). */
    boolean awaitExit(String paneId, long timeoutMs) throws InterruptedException {
        return programs.awaitExit(paneId, timeoutMs);
    }

    /**
     * A restored pane runs its handed-over program again (ADR 0810): the screen is back from the transcript,
     * and the reader takes up the output the program wrote while no one read.
     */
    void adopt(Pane pane, PtySession session) {
        lock.run(() -> {
            pane.restored = false;
            pane.exitCode = null;
            pane.exitUnknown = null;
            pane.exitedAt = null;
            pane.session = session;
            pane.screenWatch = screens.watch(pane.id, pane.argv, pane.terminal);
            programs.watch(pane, session);
            events.append(new PaneEvents.Updated(pane.view()));
        });
    }

    void close(Pane pane) {
        lock.run(() -> {
            if (pane.closed) {
                return;
            }
            pane.closed = true;
            registry.remove(pane);
            workspaces.removePane(pane.tabId, pane.id);
            events.append(new PaneEvents.Closed(pane.id, pane.workspaceId, pane.tabId, pane.taskId()));
            publisher.publishEvent(new PaneClosed(pane.id, pane.workspaceId));
        });
        pane.input.stop();
        Thread.ofVirtual().name("pane-end-" + pane.id).start(() -> programs.terminate(pane));
    }

    @EventListener
    void on(WorkspaceClosing event) {
        registry.inWorkspace(event.workspaceId()).forEach(this::close);
    }

    @EventListener
    void on(TabClosing event) {
        registry.inTab(event.tabId()).forEach(this::close);
    }

    /** On shutdown every child is ended and reaped before the context is gone. */
    @jakarta.annotation.PreDestroy
    void shutdown() {
        List<Pane> panes = List.copyOf(registry.all());
        // a program handed to the next image (a restart in place, ADR 0810) runs on
        List<Pane> ending = panes.stream().filter(pane -> !pane.handedOver).toList();
        ending.forEach(pane -> {
            PtySession session = pane.session;
            if (session != null && session.isAlive()) { // an exited program is signalled no more (ADR 0951)
                session.signalGroup(PtySession.SIGHUP);
            }
        });
        // one thread each, so the grace periods of panes whose programs ignore SIGHUP overlap: a parallel
        // stream on two cores waited them out two at a time (128 such panes: over two minutes)
        try (var ends = Executors.newVirtualThreadPerTaskExecutor()) {
            ending.forEach(pane -> ends.execute(() -> programs.terminate(pane)));
        }
    }
}
