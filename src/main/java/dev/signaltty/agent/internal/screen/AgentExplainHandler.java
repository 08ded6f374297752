package dev.signaltty.agent.internal.screen;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.AxisState;
import dev.signaltty.agent.internal.AgentStates;
import dev.signaltty.agent.internal.HeardNotification;
import dev.signaltty.agent.internal.ReportedState;
import dev.signaltty.agent.internal.ScreenReport;
import dev.signaltty.agent.internal.StateOrigin;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/**
 * agent.explain: which hook or which manifest rule set a pane's current lifecycle and attention, and
 * when; the pane's screen watch, if any; and every user manifest refused at start.
 */
@Component
class AgentExplainHandler implements MethodHandler<AgentExplainHandler.Params, AgentExplainHandler.Result> {

    record Params(String paneId) {
    }

    /**
     * One axis: its state and what set it. {@code source} is {@code hook}, {@code screen}, {@code transcript},
     * {@code status_file}, {@code notify}, {@code terminal}, {@code mark_seen}, {@code decision}, {@code exit}, {@code resume},
     * {@code restart}, or {@code initial} (never moved). A hook names its event; a screen rule its manifest,
     * file, rule, region and matched text; a transcript line (Claude's interrupt, ADR 0290) its file and the marker
     * as {@code matched}; Claude's status file turned idle (ADR 0320) the file and its status as
     * {@code matched}. {@code seq} is the journal seq of the transition's event.
     */
    record Axis(AxisState state, String source, @Nullable String cause, @Nullable String hookEvent,
                @Nullable String notificationType, @Nullable String manifest, @Nullable String file,
                @Nullable String rule, @Nullable String region, @Nullable String matched, @Nullable String at,
                @Nullable Long seq) {

        static Axis of(AxisState state, @Nullable StateOrigin origin) {
            if (origin == null) {
                return new Axis(state, "initial", null, null, null, null, null, null, null, null, null, null);
            }
            ScreenReport screen = origin.screen();
            StateOrigin.AgentFile agentFile = origin.agentFile();
            return new Axis(state, origin.source(), origin.cause(), origin.hookEvent(), origin.notificationType(),
                    screen == null ? null : screen.manifest(),
                    screen != null ? screen.file() : agentFile != null ? agentFile.file() : null,
                    screen == null ? null : screen.rule(), screen == null ? null : screen.region(),
                    screen != null ? screen.matched() : agentFile != null ? agentFile.matched() : null,
                    origin.at().toString(), origin.seq() == 0 ? null : origin.seq());
        }
    }

    /**
     * {@code screen}: the pane's screen watch (absent when no manifest applies to its program);
     * {@code reported_state}: Codex's last OSC 7501 state and what became of it (absent before one, ADR 0961);
     * {@code heard_notification}: the program's last bell or OSC notification and what became of it (ADR 1020).
     */
    record Result(String paneId, @Nullable String agent, Axis lifecycle, Axis attention, boolean hooksReported,
                  ScreenWatch.@Nullable View screen, @Nullable ReportedState reportedState,
                  @Nullable HeardNotification heardNotification,
                  List<ManifestError> manifestErrors) {
    }

    private final AgentStates states;
    private final AgentPanes panes;
    private final ScreenScanner scanner;
    private final ManifestCatalog catalog;

    AgentExplainHandler(AgentStates states, AgentPanes panes, ScreenScanner scanner, ManifestCatalog catalog) {
        this.states = states;
        this.panes = panes;
        this.scanner = scanner;
        this.catalog = catalog;
    }

    @Override
    public String method() {
        return "agent.explain";
    }

    @Override
    public String summary() {
        return "Which hook or screen rule set a pane's lifecycle and attention, and when; refused user manifests.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Class<?> resultType() {
        return Result.class;
    }

    @Override
    public Result handle(Params params, CallContext context) {
        AgentPanes.PaneRef pane = panes.resolve(params.paneId());
        AgentStates.Explanation e = states.explain(pane.paneId());
        return new Result(pane.paneId(), e.agent(), Axis.of(e.lifecycle(), e.lifecycleOrigin()),
                Axis.of(e.attention(), e.attentionOrigin()), e.hookReported(), scanner.view(pane.paneId()),
                e.reportedState(), e.heardNotification(), catalog.errors());
    }
}
