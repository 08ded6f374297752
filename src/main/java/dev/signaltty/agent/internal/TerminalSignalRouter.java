package dev.signaltty.agent.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.agent.PaneProcessListener;
import dev.signaltty.agent.TerminalSignals;
import dev.signaltty.vt.TerminalListener;

/**
 * A pane's bell, its programs' desktop notifications (ADR 0960) and Codex's OSC 7501 state (ADR 0961;
 * docs/agents.md "What programs tell their terminal"). Called on the output path under the terminal's
 * lock, so each call only rate-limits and queues; one worker thread applies them in order:
 * <ul>
 *   <li>a bell and a notification make none from a process whose hooks signaltty wired (ADR 1020);</li>
 *   <li>a bell is a notification "bell" ({@link #BELL}), as tmux's monitor-bell flags a window: the
 *       first bell after {@link #BELL_WINDOW_NANOS} of quiet makes one, the bells within that window
 *       make none and are counted into the next one's message ("bell (and 999 more)");</li>
 *   <li>a notification is one through {@link Notifications} (cause {@link #NOTIFICATION}), at most
 *       {@link #NOTIFICATIONS_PER_WINDOW} per pane per {@link #NOTIFICATION_WINDOW_NANOS}; more are dropped;</li>
 *   <li>an OSC 7501 state that changed (a {@code working} once it held for {@link #STATE_SETTLE_NANOS}) is applied as a screen rule's report (manifest {@code codex},
 *       rule {@code osc_7501}) unless signaltty wired this process's hooks or the process reported one:
 *       hooks are authoritative (ADR 0961). A value cut short ({@code state=wor}) or unknown (Codex's
 *       {@code clear}) moves nothing.</li>
 * </ul>
 * The queue holds at most {@link #QUEUE_CAP} pending applications; beyond it they are dropped (counted).
 */
@Component
class TerminalSignalRouter implements TerminalSignals, PaneProcessListener {

    static final String BELL = "bell";
    static final String NOTIFICATION = "terminal_notification";
    static final long BELL_WINDOW_NANOS = TimeUnit.SECONDS.toNanos(10);
    static final int NOTIFICATIONS_PER_WINDOW = 10;
    static final long NOTIFICATION_WINDOW_NANOS = TimeUnit.SECONDS.toNanos(10);
    static final int QUEUE_CAP = 1024;
    /** How long an OSC 7501 {@code working} is held back (Codex's start blinks working for ~6 ms; 300 ms leaves room for a loaded machine). */
    static final long STATE_SETTLE_NANOS = TimeUnit.MILLISECONDS.toNanos(300);
    /** A notification's title is a label (notify's title shape); its message is capped as notify's is. */
    static final int MAX_TITLE = 256;
    /** An OSC 7501 value kept for explain is cut here (the known ones are at most 7 characters). */
    static final int MAX_STATE = 32;

    /** Codex's states (OSC 7501) and what each says, as a screen rule's lifecycle. */
    static final Map<String, Lifecycle> CODEX_STATES = Map.of("idle", Lifecycle.IDLE, "working", Lifecycle.WORKING,
            "blocked", Lifecycle.BLOCKED, "done", Lifecycle.DONE, "error", Lifecycle.DONE);

    private static final Logger log = LoggerFactory.getLogger(TerminalSignalRouter.class);

    private final Notifications notifications;
    private final AgentStates states;
    private final AgentPanes panes;
    private final Map<String, PaneSignals> byPane = new ConcurrentHashMap<>();
    private final LongAdder dropped = new LongAdder();
    private final ThreadPoolExecutor worker = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(QUEUE_CAP), Thread.ofPlatform().daemon().name("terminal-signals").factory(),
            (task, executor) -> dropped.increment());
    /** Holds at most one release check per pane (a pane schedules the next only from its running one). */
    private final ScheduledThreadPoolExecutor settleTimer = new ScheduledThreadPoolExecutor(1,
            Thread.ofPlatform().daemon().name("terminal-state-settle").factory());

    TerminalSignalRouter(Notifications notifications, AgentStates states, AgentPanes panes) {
        this.notifications = notifications;
        this.states = states;
        this.panes = panes;
    }

    @Override
    public TerminalListener forPane(String paneId) {
        return byPane.computeIfAbsent(paneId, PaneSignals::new);
    }

    /** Signals not applied because the queue was full (diagnostics). */
    long dropped() {
        return dropped.sum();
    }

    @Override
    public void exited(String paneId, String workspaceId) {
        PaneSignals signals = byPane.get(paneId);
        if (signals != null) {
            signals.processEnded();
        }
    }

    @Override
    public void closed(String paneId) {
        byPane.remove(paneId);
    }

    @jakarta.annotation.PreDestroy
    void shutdown() {
        settleTimer.shutdownNow();
        worker.shutdownNow();
    }

    private void settleLater(Runnable check, long delayNanos) {
        try {
            settleTimer.schedule(check, delayNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            dropped.increment(); // the daemon is stopping
        }
    }

    private void later(Runnable task) {
        try {
            worker.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    log.warn("terminal signal not applied: {}", e.toString());
                }
            });
        } catch (RejectedExecutionException e) {
            dropped.increment(); // the daemon is stopping
        }
    }

    /**
     * A notification, unless signaltty wired the process's hooks or a session's own hooks report (an agent started
     * from a shell, until its SessionEnd): an agent notifies its terminal of the moments its hooks report (a turn's
     * end, an approval asked), so a second notification would double them (ADRs 1020, 1114). Either way the pane's explain keeps what was heard. {@code keepsWaitingMessage}: a
     * bell, which says nothing new, leaves a raised attention's message shown.
     */
    private void notify(String paneId, @Nullable String title, String message, String cause,
                        boolean keepsWaitingMessage) {
        later(() -> panes.find(paneId).ifPresent(pane -> {
            String outcome = states.read(paneId, s -> s.hooksWired ? HeardNotification.HOOKS_WIRED
                    : s.hooksReporting ? HeardNotification.HOOKS_REPORTING : HeardNotification.NOTIFIED);
            HeardNotification heard = new HeardNotification(message, outcome, java.time.Instant.now().toString());
            // what was heard first: a client that reads agent explain on notification.created finds it there
            states.mutate(pane, s -> {
                s.heardNotification = heard;
                return List.of();
            });
            if (HeardNotification.NOTIFIED.equals(outcome)) {
                notifications.create(pane, title, message, cause, keepsWaitingMessage);
            }
        }));
    }

    /** Applies a settled state (null {@code lifecycle}: an unknown value) and records what became of it. */
    private void applyState(String paneId, String value, @Nullable Lifecycle lifecycle) {
        later(() -> panes.find(paneId).ifPresent(pane -> {
            String outcome;
            if (lifecycle == null) {
                outcome = "unknown_value";
            } else if (states.read(paneId, s -> s.hooksWired)) {
                outcome = "hooks_wired"; // its hooks report; the OSC would race them at the first prompt
            } else {
                ScreenReport report = new ScreenReport("codex", "osc:7501", "osc_7501", 0, "osc_7501",
                        "state=" + value, lifecycle, null);
                outcome = states.applyScreen(pane, report).name().toLowerCase(java.util.Locale.ROOT);
            }
            ReportedState reported = new ReportedState(value, outcome, java.time.Instant.now().toString());
            states.mutate(pane, s -> {
                s.reportedState = reported;
                if (s.agent == null && ScreenOutcome.APPLIED.name().equalsIgnoreCase(outcome)) {
                    s.agent = "codex"; // a codex started from a shell in the pane
                }
                return List.of();
            });
        }));
    }

    /** One pane's limits; its methods run on the output path, under the pane's terminal lock. */
    private final class PaneSignals implements TerminalListener {
        private final String paneId;
        private long lastBellNanos;
        private boolean rang;
        private long bellsSince;
        private long windowStartNanos;
        private int inWindow;
        private @Nullable String lastState;
        private boolean holding;
        private long holdingSinceNanos;
        private boolean checkPending;

        PaneSignals(String paneId) {
            this.paneId = paneId;
        }

        @Override
        public synchronized void bell() {
            long now = System.nanoTime();
            if (rang && now - lastBellNanos < BELL_WINDOW_NANOS) {
                bellsSince++;
                return;
            }
            String message = bellsSince == 0 ? BELL : BELL + " (and " + bellsSince + " more)";
            rang = true;
            lastBellNanos = now;
            bellsSince = 0;
            TerminalSignalRouter.this.notify(paneId, null, message, BELL, true);
        }

        @Override
        public void notification(String title, String body) {
            String t = clean(title, MAX_TITLE);
            String b = clean(body, NotifyHandler.MAX_MESSAGE);
            if (t.isEmpty() && b.isEmpty() || !admit()) {
                return;
            }
            // a title alone (kitty's default payload) is the message
            TerminalSignalRouter.this.notify(paneId, b.isEmpty() || t.isEmpty() ? null : t, b.isEmpty() ? t : b,
                    NOTIFICATION, false);
        }

        private synchronized boolean admit() {
            long now = System.nanoTime();
            if (inWindow == 0 || now - windowStartNanos >= NOTIFICATION_WINDOW_NANOS) {
                windowStartNanos = now;
                inWindow = 0;
            }
            return ++inWindow <= NOTIFICATIONS_PER_WINDOW;
        }

        /**
         * A {@code working} is held for {@link #STATE_SETTLE_NANOS}: Codex 0.171.0 blinks {@code working}
         * for a few ms at its start (idle, working, idle within 35 ms), which would read as a turn. An
         * {@code idle} within the hold drops both; any other state releases the hold first, so a fast
         * turn ({@code working}, {@code done} 57 ms apart against the scripted model) keeps both moves.
         * At most one release check per pane is scheduled.
         */
        @Override
        public synchronized void stateReported(String reported) {
            String state = clean(reported, MAX_STATE);
            if (state.equals("working")) {
                if (!holding) {
                    holding = true;
                    holdingSinceNanos = System.nanoTime();
                    if (!checkPending) {
                        checkPending = true;
                        TerminalSignalRouter.this.settleLater(this::release, STATE_SETTLE_NANOS);
                    }
                }
                return;
            }
            if (holding) {
                holding = false;
                if (state.equals("idle")) {
                    return; // the start's blink: no turn
                }
                emit("working");
            }
            emit(state);
        }

        private synchronized void release() {
            checkPending = false;
            if (!holding) {
                return;
            }
            long held = System.nanoTime() - holdingSinceNanos;
            if (held < STATE_SETTLE_NANOS) {
                checkPending = true;
                TerminalSignalRouter.this.settleLater(this::release, STATE_SETTLE_NANOS - held);
                return;
            }
            holding = false;
            emit("working");
        }

        /** Queues a changed value (any value, "clear" too: the same state after it is news again). */
        private void emit(String state) {
            if (state.equals(lastState)) {
                return;
            }
            lastState = state;
            applyState(paneId, state, CODEX_STATES.get(state));
        }

        synchronized void processEnded() {
            lastState = null; // a new process reports its state afresh
            holding = false;
        }
    }

    /** Control characters (C0, DEL, C1) become spaces, so a message cannot draw on a terminal that shows it. */
    static String clean(String text, int max) {
        StringBuilder sb = new StringBuilder(Math.min(text.length(), max));
        for (int i = 0; i < text.length() && sb.length() < max; i++) {
            char c = text.charAt(i);
            sb.append(c < 0x20 || c >= 0x7f && c < 0xa0 ? ' ' : c);
        }
        return sb.toString().strip();
    }
}
