package dev.signaltty.workspace;

/** Published (synchronously, under the structure lock) before a tab goes: its panes must close. */
public record TabClosing(String tabId) {
}
