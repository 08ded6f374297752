package dev.signaltty.vt.internal;

/**
 * The transition tables of {@link VtParser}, written as data in the manner of tmux's {@code input.c}:
 * per state, rows of {@code (first byte, last byte, action, next state)}. Bytes a state does not list
 * are ignored. The "anywhere" rows (CAN, SUB, ESC) are prepended to every state. Flattened into
 * {@link #TABLE}: entry {@code (state << 8) | byte} holds {@code action << 8 | next}.
 */
final class VtTransitions {

    static final int GROUND = 0;
    static final int ESCAPE = 1;
    static final int ESCAPE_INTERMEDIATE = 2;
    static final int CSI_ENTRY = 3;
    static final int CSI_PARAM = 4;
    static final int CSI_INTERMEDIATE = 5;
    static final int CSI_IGNORE = 6;
    static final int DCS_ENTRY = 7;
    static final int DCS_PARAM = 8;
    static final int DCS_INTERMEDIATE = 9;
    static final int DCS_PASSTHROUGH = 10;
    static final int DCS_IGNORE = 11;
    static final int OSC_STRING = 12;
    static final int SOS_PM_APC_STRING = 13;
    static final int SAME = 0xFF;
    static final String[] NAMES = {"GROUND", "ESCAPE", "ESCAPE_INTERMEDIATE", "CSI_ENTRY", "CSI_PARAM",
        "CSI_INTERMEDIATE", "CSI_IGNORE", "DCS_ENTRY", "DCS_PARAM", "DCS_INTERMEDIATE", "DCS_PASSTHROUGH",
        "DCS_IGNORE", "OSC_STRING", "SOS_PM_APC_STRING"};

    static final int A_NONE = 0;
    static final int A_IGNORE = 1;
    static final int A_PRINT = 2;
    static final int A_EXECUTE = 3;
    static final int A_COLLECT = 4;
    static final int A_PARAM = 5;
    static final int A_ESC_DISPATCH = 6;
    static final int A_CSI_DISPATCH = 7;
    static final int A_HOOK = 8;
    static final int A_PUT = 9;
    static final int A_OSC_PUT = 10;
    static final int A_UTF8 = 11;

    private static final int[][] ANYWHERE = {
        {0x18, 0x18, A_EXECUTE, GROUND},
        {0x1A, 0x1A, A_EXECUTE, GROUND},
        {0x1B, 0x1B, A_NONE, ESCAPE},
    };

    /** C0 controls other than the anywhere ones, for states that execute them. */
    private static int[][] c0(int action) {
        return new int[][] {{0x00, 0x17, action, SAME}, {0x19, 0x19, action, SAME}, {0x1C, 0x1F, action, SAME}};
    }

    private static final int[][][] STATES = new int[14][][];

    static {
        STATES[GROUND] = rows(c0(A_EXECUTE),
            new int[][] {{0x20, 0x7E, A_PRINT, SAME}, {0x80, 0xFF, A_UTF8, SAME}});
        STATES[ESCAPE] = rows(c0(A_EXECUTE), new int[][] {
            {0x20, 0x2F, A_COLLECT, ESCAPE_INTERMEDIATE},
            {0x30, 0x4F, A_ESC_DISPATCH, GROUND},
            {0x50, 0x50, A_NONE, DCS_ENTRY},
            {0x51, 0x57, A_ESC_DISPATCH, GROUND},
            {0x58, 0x58, A_NONE, SOS_PM_APC_STRING},
            {0x59, 0x5A, A_ESC_DISPATCH, GROUND},
            {0x5B, 0x5B, A_NONE, CSI_ENTRY},
            {0x5C, 0x5C, A_ESC_DISPATCH, GROUND},
            {0x5D, 0x5D, A_NONE, OSC_STRING},
            {0x5E, 0x5F, A_NONE, SOS_PM_APC_STRING},
            {0x60, 0x7E, A_ESC_DISPATCH, GROUND}});
        STATES[ESCAPE_INTERMEDIATE] = rows(c0(A_EXECUTE), new int[][] {
            {0x20, 0x2F, A_COLLECT, SAME},
            {0x30, 0x7E, A_ESC_DISPATCH, GROUND}});
        STATES[CSI_ENTRY] = rows(c0(A_EXECUTE), new int[][] {
            {0x20, 0x2F, A_COLLECT, CSI_INTERMEDIATE},
            {0x30, 0x3B, A_PARAM, CSI_PARAM},
            {0x3C, 0x3F, A_COLLECT, CSI_PARAM},
            {0x40, 0x7E, A_CSI_DISPATCH, GROUND}});
        STATES[CSI_PARAM] = rows(c0(A_EXECUTE), new int[][] {
            {0x20, 0x2F, A_COLLECT, CSI_INTERMEDIATE},
            {0x30, 0x3B, A_PARAM, SAME},
            {0x3C, 0x3F, A_NONE, CSI_IGNORE},
            {0x40, 0x7E, A_CSI_DISPATCH, GROUND}});
        STATES[CSI_INTERMEDIATE] = rows(c0(A_EXECUTE), new int[][] {
            {0x20, 0x2F, A_COLLECT, SAME},
            {0x30, 0x3F, A_NONE, CSI_IGNORE},
            {0x40, 0x7E, A_CSI_DISPATCH, GROUND}});
        STATES[CSI_IGNORE] = rows(c0(A_EXECUTE), new int[][] {
            {0x40, 0x7E, A_NONE, GROUND}});
        STATES[DCS_ENTRY] = rows(new int[][] {
            {0x20, 0x2F, A_COLLECT, DCS_INTERMEDIATE},
            {0x30, 0x3B, A_PARAM, DCS_PARAM},
            {0x3C, 0x3F, A_COLLECT, DCS_PARAM},
            {0x40, 0x7E, A_HOOK, DCS_PASSTHROUGH}});
        STATES[DCS_PARAM] = rows(new int[][] {
            {0x20, 0x2F, A_COLLECT, DCS_INTERMEDIATE},
            {0x30, 0x3B, A_PARAM, SAME},
            {0x3C, 0x3F, A_NONE, DCS_IGNORE},
            {0x40, 0x7E, A_HOOK, DCS_PASSTHROUGH}});
        STATES[DCS_INTERMEDIATE] = rows(new int[][] {
            {0x20, 0x2F, A_COLLECT, SAME},
            {0x30, 0x3F, A_NONE, DCS_IGNORE},
            {0x40, 0x7E, A_HOOK, DCS_PASSTHROUGH}});
        STATES[DCS_PASSTHROUGH] = rows(c0(A_PUT), new int[][] {
            {0x20, 0x7E, A_PUT, SAME},
            {0x80, 0xFF, A_PUT, SAME}});
        STATES[DCS_IGNORE] = rows(new int[][] {});
        STATES[OSC_STRING] = rows(new int[][] {
            {0x07, 0x07, A_NONE, GROUND},
            {0x20, 0x7E, A_OSC_PUT, SAME},
            {0x80, 0xFF, A_OSC_PUT, SAME}});
        STATES[SOS_PM_APC_STRING] = rows(new int[][] {});
    }

    static final char[] TABLE = flatten();

    private VtTransitions() {
    }

    private static int[][] rows(int[][]... groups) {
        int n = ANYWHERE.length;
        for (int[][] g : groups) {
            n += g.length;
        }
        int[][] all = new int[n][];
        int k = 0;
        for (int[] r : ANYWHERE) {
            all[k++] = r;
        }
        for (int[][] g : groups) {
            for (int[] r : g) {
                all[k++] = r;
            }
        }
        return all;
    }

    /** The first row matching a byte wins (anywhere rows come first, as in tmux). */
    private static char[] flatten() {
        char[] table = new char[STATES.length << 8];
        for (int s = 0; s < STATES.length; s++) {
            for (int b = 0; b < 256; b++) {
                int entry = (A_IGNORE << 8) | SAME;
                for (int[] row : STATES[s]) {
                    if (b >= row[0] && b <= row[1]) {
                        entry = (row[2] << 8) | row[3];
                        break;
                    }
                }
                table[(s << 8) | b] = (char) entry;
            }
        }
        return table;
    }
}
