package dev.signaltty.vt.internal;

/**
 * The named operations of a VT100/xterm terminal (alacritty's {@code ansi::Handler}): what a control
 * means, with its bytes already read. {@link ControlTranslator} turns the parser's raw dispatches into
 * these calls; {@link Emulator} carries them out on its screens. Neither side knows the other's
 * half: the translator never sees a grid, the emulator never sees an escape sequence. The controls
 * that edit the screen's contents in place are {@link EditingOperations}, carried out by
 * {@link ScreenEditor}.
 *
 * <p>Counts are the control's parameter with its default applied (at least 1); positions are 1-based,
 * as the controls write them. Each method names the control(s) it implements.
 */
interface TerminalOperations {

    // ---- text ----

    /**
     * Prints the whole, valid UTF-8 characters of {@code utf8[off, end)} from {@code off} on, up to the
     * first byte that is not one (a control, an escape, an invalid or cut sequence), and returns the
     * bytes taken. Decoding follows {@link Utf8#decode}, so it agrees with the parser's decoder.
     */
    int print(byte[] utf8, int off, int end);

    /**
     * REP: prints the character printed last {@code count} more times. The caller calls it only when
     * that character came immediately before, with no other control between (tmux).
     */
    void repeatPrecedingCharacter(int count);

    // ---- C0 and cursor motion ----

    /** BEL. */
    void bell();

    /** BS. */
    void backspace();

    /** HT, CHT: to the {@code count}th next tab stop. */
    void tab(int count);

    /** CBT. */
    void backTab(int count);

    /** LF, VT, FF, IND. */
    void lineFeed();

    /** CR. */
    void carriageReturn();

    /** NEL. */
    void nextLine();

    /** RI. */
    void reverseIndex();

    /** CUU. */
    void cursorUp(int count);

    /** CUD, VPR. */
    void cursorDown(int count);

    /** CUF, HPR. */
    void cursorForward(int count);

    /** CUB. */
    void cursorBackward(int count);

    /** CNL. */
    void cursorNextLine(int count);

    /** CPL. */
    void cursorPrecedingLine(int count);

    /** CHA, HPA. */
    void setCursorColumn(int column);

    /** VPA. */
    void setCursorRow(int row);

    /** CUP, HVP (relative to the scroll region in origin mode). */
    void setCursorPosition(int row, int column);

    /** DECSC, CSI s. */
    void saveCursor();

    /** DECRC, CSI u. */
    void restoreCursor();

    // ---- tab stops ----

    /** HTS. */
    void setTabStop();

    /** TBC: 0 the stop at the cursor, 3 all of them. */
    void clearTabStops(int mode);

    // ---- character sets ----

    /** SI (0), SO (1), LS2 (2), LS3 (3). */
    void invokeCharset(int g);

    /** SS2 (2), SS3 (3). */
    void singleShift(int g);

    /** SCS: {@code ESC ( F} … {@code ESC + F} designate G0–G3. */
    void designateCharset(int g, int finalByte);

    // ---- rendition, modes, margins ----

    /** SGR. */
    void setGraphicRendition(VtParams params);

    /** SM (ANSI modes). */
    void setMode(int mode);

    /** RM (ANSI modes). */
    void resetMode(int mode);

    /** DECSET, including the screen switches 47, 1047 and 1049. */
    void setPrivateMode(int mode);

    /** DECRST. */
    void resetPrivateMode(int mode);

    /** DECKPAM (true), DECKPNM (false). */
    void setKeypadApplicationMode(boolean on);

    /** DECSCUSR. */
    void setCursorStyle(int style);

    /** DECSTBM; a bottom beyond the screen means its last row. */
    void setScrollRegion(int top, int bottom);

    /** DECSTR. */
    void softReset();

    /** RIS. */
    void fullReset();

    // ---- OSC ----

    /** OSC 0, OSC 2. */
    void setTitle(String title);

    /** OSC 133 (shell integration): the payload after {@code 133;}, {@code data[from, to)}. */
    void shellIntegrationMark(byte[] data, int from, int to);

    /** OSC 9 in ConEmu's numeric form (its progress is {@code 9;4;st;pr}): the payload after {@code 9;}, {@code data[from, to)}. */
    void reportProgress(byte[] data, int from, int to);

    /** OSC 9 (iTerm2's form), OSC 777 or OSC 99 ({@code code}): a desktop notification, the payload after {@code code;}. */
    void desktopNotification(int code, byte[] data, int from, int to);

    /** OSC 7501 (Codex's {@code state=…}): the payload after {@code 7501;}. */
    void reportState(byte[] data, int from, int to);
}
