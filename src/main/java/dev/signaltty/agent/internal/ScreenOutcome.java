package dev.signaltty.agent.internal;

/** What {@link AgentStates#applyScreen} did with a screen rule's report. */
public enum ScreenOutcome {
    /** At least one axis moved. */
    APPLIED,
    /** The rule names the state the pane is in. */
    UNCHANGED,
    /** This process has reported a hook: its hooks are authoritative and the rule is not applied. */
    HOOKS_AUTHORITATIVE,
    /** The process exited: nothing on its last screen moves its state. */
    EXITED
}
