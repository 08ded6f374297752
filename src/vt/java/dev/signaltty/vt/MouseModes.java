package dev.signaltty.vt;

/**
 * The mouse reporting a terminal's program asked for, so a client that sits between a person's mouse
 * and the program (the CLI's tab view) can pass reports on in the form the program reads.
 *
 * @param tracking which events the program wants: 0 none, 9 presses only (X10), 1000 presses and
 *                 releases, 1002 also motion while a button is held, 1003 all motion
 * @param encoding how a report is written: 0 the default {@code ESC [ M} bytes, 1005 its UTF-8 form,
 *                 1006 SGR ({@code ESC [ < b ; x ; y M|m}), 1015 urxvt ({@code ESC [ b ; x ; y M})
 * @param alternateScroll mode 1007: the wheel over the alternate screen may be sent as arrow keys when
 *                 {@code tracking} is 0; on until the program resets it
 */
public record MouseModes(int tracking, int encoding, boolean alternateScroll) {

    /** A fresh terminal's: no reports, alternate scroll on. */
    public static final MouseModes NONE = new MouseModes(0, 0, true);
}
