package dev.signaltty.vt.internal;

/**
 * The named operations that edit the screen in place, at the cursor or in the scroll region: erase,
 * insert and delete characters, lines and columns, scroll the region. The other half of
 * {@link TerminalOperations}, with the same conventions (counts have their default applied);
 * {@link ControlTranslator} calls them and {@link ScreenEditor} carries them out.
 */
interface EditingOperations {

    /** ED: 0 below, 1 above, 2 all, 3 the scrollback. */
    void eraseInDisplay(int mode);

    /** EL: 0 right, 1 left, 2 the whole line. */
    void eraseInLine(int mode);

    /** ECH. */
    void eraseChars(int count);

    /** ICH. */
    void insertBlankChars(int count);

    /** DCH. */
    void deleteChars(int count);

    /** IL. */
    void insertLines(int count);

    /** DL. */
    void deleteLines(int count);

    /** SU. */
    void scrollUp(int count);

    /** SD. */
    void scrollDown(int count);

    /** SL. */
    void scrollLeft(int count);

    /** SR. */
    void scrollRight(int count);

    /** DECIC. */
    void insertColumns(int count);

    /** DECDC. */
    void deleteColumns(int count);

    /** DECALN. */
    void screenAlignmentTest();
}
