package dev.signaltty.vt.internal;

import dev.signaltty.vt.Terminal;

/**
 * Finds where a run of bytes stops being whole, for {@link Terminal#openSequenceStart}: a parser whose
 * actions do nothing walks the bytes, since the parser's state does not depend on what its actions do.
 */
final class SequenceBoundary {

    private SequenceBoundary() {
    }

    static int openSequenceStart(byte[] buf, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, buf.length);
        VtParser shadow = new VtParser(NO_ACTIONS);
        int rest = off;
        for (int i = off; i < off + len; i++) {
            shadow.advance(buf, i, 1);
            if (shadow.atRest()) {
                rest = i + 1;
            }
        }
        return rest;
    }

    private static final VtActions NO_ACTIONS = new VtActions() {
        @Override
        public void print(int codePoint) {
        }

        @Override
        public void execute(int control) {
        }

        @Override
        public void csiDispatch(VtParams params, int intermediates, boolean ignore, int finalByte) {
        }

        @Override
        public void escDispatch(int intermediates, boolean ignore, int finalByte) {
        }

        @Override
        public void oscDispatch(byte[] data, int len, boolean bellTerminated) {
        }
    };
}
