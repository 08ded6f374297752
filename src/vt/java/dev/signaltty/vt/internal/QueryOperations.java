package dev.signaltty.vt.internal;

/**
 * The named operations that answer a program's questions about the terminal: device attributes, status and cursor
 * reports, modes, settings, version and colours. The third part of {@link TerminalOperations} beside
 * {@link EditingOperations}; {@link ControlTranslator} calls them and {@link QueryAnswers} answers them, through
 * {@link dev.signaltty.vt.TerminalListener#reply}, in stream order.
 */
interface QueryOperations {

    /** DA1, DECID. */
    void reportPrimaryAttributes();

    /** DA2. */
    void reportSecondaryAttributes();

    /** DSR 5. */
    void reportStatus();

    /** CPR (DSR 6), or DECXCPR ({@code CSI ? 6 n}) with a page number. */
    void reportCursorPosition(boolean withPage);

    /** DECRQM for an ANSI mode. */
    void reportMode(int mode);

    /** DECRQM for a DEC private mode. */
    void reportPrivateMode(int mode);

    /** DECRQSS: the setting named by {@code request} (such as {@code m} or {@code " q"}). */
    void reportStatusString(String request);

    /** XTVERSION ({@code CSI > q}). */
    void reportVersion();

    /**
     * OSC 10 / OSC 11 ({@code code}, the default foreground / background) or OSC 4 ({@code code} 4, palette
     * colour {@code index}) asked with {@code ?}; the answer ends as the query did.
     */
    void reportColor(int code, int index, boolean bellTerminated);
}
