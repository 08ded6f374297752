package dev.signaltty.pane.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentDecisions;
import dev.signaltty.agent.PaneAgents;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/**
 * pane.submit: pastes text (bracketed when the program enabled mode 2004), waits submit_delay_ms, then
 * presses Enter. The paste and every Enter are written under the decision store's read guard after
 * checking that no decision is pending and no permission is being asked, so a decision can never slip
 * in between the check and the write. After the Enter, the activity gate waits up to stall_timeout_s
 * for a newer working/blocked transition (one Enter retry halfway); panes without agent hooks skip it.
 * A submit never answers or clears a decision.
 */
@Component
class PaneSubmitHandler implements MethodHandler<PaneSubmitHandler.Params, PaneSubmitHandler.Result> {

    static final byte[] PASTE_START = "\u001b[200~".getBytes(StandardCharsets.US_ASCII);
    static final byte[] PASTE_END = "\u001b[201~".getBytes(StandardCharsets.US_ASCII);
    static final byte[] ENTER = {'\r'};
    /** How long a submit waits for the screen to read the answer to its question: a scan is due 500 ms after a key. */
    static final long SCREEN_READ_DEADLINE_NANOS = 2_000_000_000L;

    record Params(String paneId, String text, @Nullable Integer submitDelayMs, @Nullable Double stallTimeoutS) {
        Params {
            if (submitDelayMs == null) {
                submitDelayMs = 300;
            }
            if (submitDelayMs < 0 || submitDelayMs > 10_000) {
                throw ProtocolException.badParams("submit_delay_ms", "must be between 0 and 10000");
            }
            if (stallTimeoutS == null) {
                stallTimeoutS = 5.0;
            }
            if (!(stallTimeoutS > 0) || stallTimeoutS > 120) {
                throw ProtocolException.badParams("stall_timeout_s", "must be above 0 and at most 120");
            }
        }
    }

    /**
     * {@code gate} is "skipped" when the pane has no agent to confirm the submit, else "ran" with
     * {@code confirmed} (the agent showed activity) and {@code enter_retried}.
     */
    record Result(String paneId, boolean submitted, boolean bracketed, String gate, @Nullable Boolean confirmed,
                  @Nullable Boolean enterRetried) {
    }

    private final PaneRegistry registry;
    private final PaneAgents agents;
    private final AgentDecisions decisions;
    private org.springframework.context.@org.jspecify.annotations.Nullable ApplicationEventPublisher publisher;

    /** For {@link dev.signaltty.pane.PaneSubmitted} (a setter, so the constructor stays as it is). */
    @org.springframework.beans.factory.annotation.Autowired
    void setPublisher(org.springframework.context.ApplicationEventPublisher publisher) {
        this.publisher = publisher;
    }

    PaneSubmitHandler(PaneRegistry registry, PaneAgents agents, AgentDecisions decisions) {
        this.registry = registry;
        this.agents = agents;
        this.decisions = decisions;
    }

    @Override
    public String method() {
        return "pane.submit";
    }

    @Override
    public String summary() {
        return "Pastes text and presses Enter after submit_delay_ms; refuses while a decision is pending.";
    }

    @Override
    public PaneSubmitHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        if (!pane.alive()) {
            throw exited(pane);
        }
        if (agents.notReady(pane.id)) {
            throw new ProtocolException(ErrorCode.AGENT_NOT_READY, "the agent in pane " + pane.id
                    + " has not reported a ready state yet", Map.of("pane_id", pane.id));
        }
        awaitScreenAfterInput(pane);
        long before = agents.lifecycleSeq(pane.id);
        boolean bracketed = pane.terminal.bracketedPaste();
        if (!guardedWrite(pane, paste(params.text(), bracketed))) {
            throw busy(pane, "before_paste", false);
        }
        sleep(params.submitDelayMs());
        if (!guardedWrite(pane, ENTER)) {
            throw busy(pane, "delayed_enter", true);
        }
        if (!agents.hasAgent(pane.id)) {
            submitted(pane, false);
            return new Result(pane.id, true, bracketed, "skipped", null, null);
        }
        long gateNanos = (long) (params.stallTimeoutS() * 1e9);
        long start = System.nanoTime();
        boolean confirmed = awaitActivity(pane, before, start + gateNanos / 2);
        boolean retried = false;
        if (!confirmed) {
            retried = true;
            if (!guardedWrite(pane, ENTER)) {
                throw busy(pane, "delayed_enter", true);
            }
            confirmed = awaitActivity(pane, before, start + gateNanos);
        }
        submitted(pane, confirmed);
        return new Result(pane.id, true, bracketed, "ran", confirmed, retried);
    }

    private void submitted(Pane pane, boolean confirmed) {
        if (publisher != null) {
            publisher.publishEvent(new dev.signaltty.pane.PaneSubmitted(pane.id, pane.workspaceId, pane.taskId(), confirmed));
        }
    }

    /**
     * A question read from the screen (Codex's trust screens, ADRs 1141, 1232) that input through us has just answered
     * reads blocked until the next scan: the submit waits for a scan that read the program's redraw (ADR 1310), so a
     * script that answers and submits at once is not refused for a question no longer there. A pending decision is
     * answered with decision.answer, not on the screen: nothing to wait for.
     */
    private void awaitScreenAfterInput(Pane pane) {
        dev.signaltty.agent.ScreenWatches.Watch watch = pane.screenWatch;
        if (watch == null || !agents.permissionRequired(pane.id) || decisions.pendingDecision(pane.id) != null) {
            return;
        }
        try {
            watch.awaitReadAfterInput(System.nanoTime() + SCREEN_READ_DEADLINE_NANOS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The check and the write under one read guard of the decision store. */
    private boolean guardedWrite(Pane pane, byte[] bytes) {
        try {
            return decisions.unlessPending(pane.id, () -> agents.permissionRequired(pane.id), () -> {
                try {
                    pane.write(bytes);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw InputRefusal.of(pane, e.getCause());
        }
    }

    private boolean awaitActivity(Pane pane, long afterSeq, long deadline) {
        try {
            return agents.awaitActivity(pane.id, afterSeq, deadline);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Bracketed: the text cannot end the paste early, so an embedded end marker is dropped. */
    static byte[] paste(String text, boolean bracketed) {
        if (!bracketed) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        byte[] body = text.replace("\u001b[201~", "").getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[PASTE_START.length + body.length + PASTE_END.length];
        System.arraycopy(PASTE_START, 0, out, 0, PASTE_START.length);
        System.arraycopy(body, 0, out, PASTE_START.length, body.length);
        System.arraycopy(PASTE_END, 0, out, PASTE_START.length + body.length, PASTE_END.length);
        return out;
    }

    private ProtocolException busy(Pane pane, String stage, boolean pasteDelivered) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("stage", stage);
        details.put("paste_delivered", pasteDelivered);
        details.put("pane_id", pane.id);
        String decision = decisions.pendingDecision(pane.id);
        if (decision != null) {
            details.put("decision_id", decision);
        }
        String question = decision == null ? agents.question(pane.id) : null;
        if (question != null) {
            details.put("question", question);
        }
        return new ProtocolException(ErrorCode.AGENT_BUSY, pasteDelivered
                ? "a decision arrived after the paste; the text is in the input box, Enter was not written"
                : waitingFor(decision, question), details);
    }

    /**
     * What the agent waits for and how to answer it, so the refusal says what to do next rather than only "busy": a
     * decision by its id, else the question on its screen (a trust prompt, ADRs 1141, 1232) by its text.
     */
    static String waitingFor(@Nullable String decision, @Nullable String question) {
        String then = ", then submit again";
        if (decision != null) {
            return "the pane's agent is waiting for decision " + decision + ": answer it with decision.answer "
                    + "(signaltty decision answer " + decision + " allow_once, or deny)" + then;
        }
        String how = "answer it on its screen: choose with pane.write (arrow keys \"\\u001b[A\"/\"\\u001b[B\", Enter \"\\r\"; "
                + "pane.read mode screen shows the choices), signaltty attach or the dashboard" + then;
        return question != null ? "the pane's agent asks the person: \"" + question + "\"; " + how
                : "the pane's agent waits for an answer; " + how;
    }

    private static ProtocolException exited(Pane pane) {
        return new ProtocolException(ErrorCode.PANE_EXITED, "pane " + pane.id + " has exited", Map.of("pane_id", pane.id));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
