package dev.signaltty.vt.internal;

import dev.signaltty.vt.Terminal;

/**
 * Carries out the {@link EditingOperations} on the {@link Emulator}'s screens at its cursor. Erasing
 * fills with the current background (xterm's back-colour erase, {@link Cursor#erased()}); ED 3 hands
 * the scrollback to its owner. Not thread-safe: {@link Terminal} serialises access.
 */
final class ScreenEditor implements EditingOperations {

    private final Screens screens;
    private final Cursor cursor;
    /** ED 3 (clear scrollback): the owner of history drops it and moves its floor. */
    private final Runnable clearHistory;

    ScreenEditor(Screens screens, Cursor cursor, Runnable clearHistory) {
        this.screens = screens;
        this.cursor = cursor;
        this.clearHistory = clearHistory;
    }

    /** Erasing clears a pending wrap and includes the last column. */
    @Override
    public void eraseInDisplay(int mode) {
        int x = cursor.clearPendingWrap();
        switch (mode) {
            case 0 -> screens.eraseBelow(x, cursor.y(), cursor.erased());
            case 1 -> screens.eraseAbove(x, cursor.y(), cursor.erased());
            case 2 -> screens.clear(cursor.erased());
            case 3 -> clearHistory.run();
            default -> {
            }
        }
    }

    @Override
    public void eraseInLine(int mode) {
        screens.eraseInLine(mode, cursor.clearPendingWrap(), cursor.y(), cursor.erased());
    }

    /** ECH, ICH, DCH clear a pending wrap and act on the last column. */
    @Override
    public void eraseChars(int count) {
        int cx = cursor.clearPendingWrap();
        screens.active().erase(cursor.y(), cx, cx + count, cursor.erased());
    }

    @Override
    public void insertBlankChars(int count) {
        screens.active().insertChars(cursor.y(), cursor.clearPendingWrap(), count, cursor.erased());
    }

    @Override
    public void deleteChars(int count) {
        screens.active().deleteChars(cursor.y(), cursor.clearPendingWrap(), count, cursor.erased());
    }

    /** IL, DL: only inside the scroll region (else nothing), and the cursor goes to column 0 (xterm). */
    @Override
    public void insertLines(int count) {
        if (screens.insideRegion(cursor.y())) {
            screens.insertLines(cursor.y(), count, cursor.erased());
            cursor.carriageReturn();
        }
    }

    @Override
    public void deleteLines(int count) {
        if (screens.insideRegion(cursor.y())) {
            screens.deleteLines(cursor.y(), count, cursor.erased());
            cursor.carriageReturn();
        }
    }

    /** SU and SD keep the cursor and its pending wrap. */
    @Override
    public void scrollUp(int count) {
        screens.scrollUp(count, cursor.erased());
    }

    @Override
    public void scrollDown(int count) {
        screens.scrollDown(count, cursor.erased());
    }

    /** SL, SR: every row of the scroll region, from column 0; the cursor stays. */
    @Override
    public void scrollLeft(int count) {
        screens.deleteColumns(0, count, cursor.erased());
    }

    @Override
    public void scrollRight(int count) {
        screens.insertColumns(0, count, cursor.erased());
    }

    /** DECIC, DECDC: at the cursor's column in every row of the region; nothing outside it. */
    @Override
    public void insertColumns(int count) {
        if (screens.insideRegion(cursor.y())) {
            screens.insertColumns(cursor.column(), count, cursor.erased());
        }
    }

    @Override
    public void deleteColumns(int count) {
        if (screens.insideRegion(cursor.y())) {
            screens.deleteColumns(cursor.column(), count, cursor.erased());
        }
    }

    @Override
    public void screenAlignmentTest() {
        screens.fillWithE();
        cursor.home();
    }
}
