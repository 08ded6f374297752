package dev.signaltty.vt.internal;

import java.nio.charset.StandardCharsets;

import dev.signaltty.vt.TerminalListener;

/**
 * Answers the {@link QueryOperations} from the emulator's state ({@link Modes}, {@link Cursor}, {@link Screens}), in
 * the forms {@link Reports} builds, through {@link TerminalListener#reply}: the answers go back to the program in
 * stream order, whoever views the pane (docs/terminal.md, "Reports: who answers").
 */
final class QueryAnswers implements QueryOperations {

    private final TerminalListener listener;
    private final Modes modes;
    private final Cursor cursor;
    private final Screens screens;

    QueryAnswers(TerminalListener listener, Modes modes, Cursor cursor, Screens screens) {
        this.listener = listener;
        this.modes = modes;
        this.cursor = cursor;
        this.screens = screens;
    }

    @Override
    public void reportPrimaryAttributes() {
        reply(Reports.PRIMARY_DA);
    }

    @Override
    public void reportSecondaryAttributes() {
        reply(Reports.SECONDARY_DA);
    }

    @Override
    public void reportStatus() {
        reply(Reports.STATUS_OK);
    }

    /** A pending wrap reports the last column, as xterm. */
    @Override
    public void reportCursorPosition(boolean withPage) {
        int row = (modes.origin ? cursor.y() - screens.top() : cursor.y()) + 1;
        reply(Reports.cursorPosition(row, cursor.column() + 1, withPage));
    }

    @Override
    public void reportMode(int mode) {
        reply(Reports.ansiMode(mode, modes));
    }

    @Override
    public void reportPrivateMode(int mode) {
        reply(Reports.privateMode(mode, modes, screens.altActive()));
    }

    @Override
    public void reportStatusString(String request) {
        reply(Reports.statusString(request, cursor.attr(), screens, modes));
    }

    @Override
    public void reportVersion() {
        reply(Reports.VERSION);
    }

    @Override
    public void reportColor(int code, int index, boolean bellTerminated) {
        reply(Reports.color(code, index, bellTerminated, listener.colors()));
    }

    private void reply(String s) {
        listener.reply(s.getBytes(StandardCharsets.US_ASCII));
    }
}
