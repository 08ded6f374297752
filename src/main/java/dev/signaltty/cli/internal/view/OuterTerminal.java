package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import org.jline.terminal.Attributes;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.NonBlockingInputStream;
import org.jline.utils.NonBlockingReader;
import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;

/**
 * The terminal the user sits at, through JLine's native providers (FFM, else JNI): raw mode, size and
 * SIGWINCH without {@code stty} subprocesses or polling. The exec provider (which runs stty) is never
 * used. {@link #close()} restores what it changed: attributes, alternate screen, mouse reporting and
 * the cursor, so the shell or console prompt that follows draws on a clean screen.
 */
public final class OuterTerminal implements AutoCloseable {

    /**
     * The console's own terminal while the console runs (ADR 1191). JLine allows one system terminal per
     * process ("A system terminal is already running"), so {@code view} and {@code attach} typed into the
     * console borrow the console's instead of building a second one, and give it back as they found it.
     */
    private static volatile @Nullable Terminal consoleTerminal;

    private final Terminal terminal;
    /** False for the console's terminal: closing the view must leave it open for the next prompt. */
    private final boolean owned;
    /** The console's resize handler while the view replaces it; put back at {@link #close()}. */
    private Terminal.@Nullable SignalHandler replacedResize;
    /** For the console's terminal: a key reader that ends at {@link #close()} without closing the terminal's input. */
    private final @Nullable BorrowedInput borrowedInput;
    /** The attributes before raw mode; null until {@link #enterFullScreen}. */
    private @Nullable Attributes saved;
    private final OutputStream out;
    private boolean alternate;
    private boolean closed;
    /** Keys typed while {@link #askColours} waited, for the key reader to take first. */
    private byte[] early = new byte[0];

    private OuterTerminal(Terminal terminal, boolean owned) {
        this.terminal = terminal;
        this.owned = owned;
        this.out = terminal.output();
        this.borrowedInput = owned ? null : new BorrowedInput(terminal.reader());
    }

    /** Called by the console once its terminal exists; {@code null} when the console ends. */
    public static void lendConsoleTerminal(@Nullable Terminal terminal) {
        consoleTerminal = terminal;
    }

    /**
     * Raw mode. JLine's keeps signals and output processing; a pane needs Ctrl-C, Ctrl-\ and Ctrl-Z as
     * bytes, and its output unchanged (no \n → \r\n): what stty raw does.
     */
    private void enterRawMode() {
        saved = terminal.enterRawMode();
        Attributes raw = terminal.getAttributes();
        raw.setLocalFlag(Attributes.LocalFlag.ISIG, false);
        raw.setOutputFlag(Attributes.OutputFlag.OPOST, false);
        raw.setInputFlag(Attributes.InputFlag.ICRNL, false);
        raw.setInputFlag(Attributes.InputFlag.IXON, false);
        terminal.setAttributes(raw);
    }

    /**
     * Opens the controlling terminal, still cooked (the daemon's start notice and errors print as usual
     * until {@link #enterFullScreen}); BAD_PARAMS when there is none. Called before anything connects,
     * so a run without a terminal starts no daemon.
     */
    public static OuterTerminal open() {
        Terminal console = consoleTerminal;
        if (console != null) {
            return new OuterTerminal(console, false);
        }
        try {
            Terminal t = TerminalBuilder.builder().system(true).ffm(true).jni(true).exec(false).jna(false)
                    .jansi(false).dumb(false).nativeSignals(true).build();
            if (Terminal.TYPE_DUMB.equals(t.getType()) || Terminal.TYPE_DUMB_COLOR.equals(t.getType())) {
                t.close();
                throw new IllegalStateException("no controlling terminal");
            }
            return new OuterTerminal(t, true);
        } catch (IOException | IllegalStateException e) {
            // JLine's own words ("Unable to create a terminal") do not say what to do about it
            throw new CliException("BAD_PARAMS", "attach and view need a terminal, and stdin/stdout is not one"
                    + " (redirected, or run by a script): run it in a terminal, or read and type with"
                    + " pane read / pane write");
        }
    }

    /** {@code {cols, rows}}; zero when the terminal does not know. */
    public int[] size() {
        Size s = terminal.getSize();
        return new int[] {Math.max(0, s.getColumns()), Math.max(0, s.getRows())};
    }

    /** Runs {@code action} on every SIGWINCH (on JLine's signal thread: it must not block). */
    public synchronized void onResize(Runnable action) {
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.WINCH, signal -> action.run());
        if (replacedResize == null) {
            replacedResize = previous;
        }
    }

    /**
     * Asks the terminal for its colours (ADR 1011, {@link ColourQuery}), in raw mode for at most
     * {@code timeoutMs}, and puts the terminal back as it was. Before the first attach, so every pane
     * attached gets them. A terminal that does not answer DA1 in time gives none.
     */
    public synchronized ColourQuery.Answer askColours(long timeoutMs) {
        if (!(input() instanceof NonBlockingInputStream in)) {
            return ColourQuery.Answer.NONE;
        }
        Attributes before = terminal.enterRawMode();
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        try {
            write(ColourQuery.QUERY);
            long deadline = System.nanoTime() + timeoutMs * 1_000_000;
            while (read.size() < ColourQuery.MAX_BYTES && !ColourQuery.answered(read)) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                int c = left <= 0 ? NonBlockingInputStream.READ_EXPIRED : in.read(left);
                if (c < 0) {
                    break; // expired, or the terminal went away
                }
                read.write(c);
            }
        } catch (IOException e) {
            // the terminal went away: no colours; the key reader finds out
        } finally {
            terminal.setAttributes(before);
        }
        ColourQuery.Answer answer = ColourQuery.scan(read.toByteArray());
        early = answer.rest();
        return answer;
    }

    /** What was typed while {@link #askColours} waited (once; then empty). */
    public synchronized byte[] takeEarlyInput() {
        byte[] out = early;
        early = new byte[0];
        return out;
    }

    /** Raw key bytes; blocks. Closing it ends a blocked read (of the console's terminal too, without closing that). */
    public InputStream input() {
        return borrowedInput != null ? borrowedInput : terminal.input();
    }

    public synchronized void write(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            // the terminal went away; the input side ends the session
        }
    }

    public void write(String text) {
        write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /**
     * The alternate screen, SGR mouse reports with button motion, focus reports (1004: the tab view passes
     * them to the focused pane), theme-change reports (2031), cursor hidden until drawn.
     */
    public synchronized void enterFullScreen(boolean withMouse) {
        enterRawMode();
        alternate = true;
        // 2031: a terminal that knows it reports a change of its colour theme (dark / light), and the view
        // asks for the colours again (ADR 1130); a terminal that does not know the mode ignores it
        write("\u001b[?1049h\u001b[H\u001b[2J" + (withMouse ? "\u001b[?1002h\u001b[?1006h\u001b[?1004h\u001b[?2031h" : ""));
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        Attributes before = saved;
        if (before == null) { // never drawn on: nothing to undo
            closeTerminal();
            return;
        }
        StringBuilder reset = new StringBuilder();
        // mouse and other modes this view or a pane's program (plain attach passes its bytes through) set
        reset.append("\u001b[?2031l\u001b[?1004l\u001b[?1006l\u001b[?1003l\u001b[?1002l\u001b[?1000l\u001b[?2004l\u001b[?1l\u001b>");
        reset.append("\u001b[0m\u001b[r\u001b[?25h");
        if (alternate) {
            // clear whichever screen is showing (a program may have left the alternate one), then leave it:
            // the shell's screen comes back as it was before, with no pane leftovers
            reset.append("\u001b[H\u001b[2J\u001b[?1049l");
        }
        write(reset.toString());
        terminal.setAttributes(before);
        closeTerminal();
    }

    private void closeTerminal() {
        if (!owned) {
            // the console's terminal: its prompt comes next, so give back what was borrowed and keep it open
            if (borrowedInput != null) {
                borrowedInput.close();
            }
            if (replacedResize != null) {
                terminal.handle(Terminal.Signal.WINCH, replacedResize);
            }
            return;
        }
        try {
            terminal.close();
        } catch (IOException e) {
            // closing is best effort; the attributes are restored above
        }
    }

    /** For callers that must not fail when closing twice from a shutdown hook. */
    public static void closeQuietly(@Nullable OuterTerminal t) {
        if (t != null) {
            t.close();
        }
    }

    /**
     * The console terminal's keys as bytes, for the view's key reader and the colour query. They are taken from
     * the terminal's {@link NonBlockingReader}, the one the console's prompt reads, so nothing read here can
     * come back out of order there, and they are taken only while open: it waits for a key without taking it
     * ({@code peek}, in slices of {@link #POLL_MS}) and takes it under the lock {@link #close()} takes. Once the
     * view or attach has ended, whatever is typed next stays for the console's prompt (closing the terminal's
     * own streams would end the console). Keys come back as UTF-8, what the terminal sent them as.
     */
    private static final class BorrowedInput extends NonBlockingInputStream {

        private static final long POLL_MS = 100;
        private final NonBlockingReader keys;
        /** The rest of a key's UTF-8 bytes that did not fit the caller's buffer. */
        private byte[] pending = new byte[0];
        private int next;
        private boolean closed;
        /** Reads of the terminal in progress ({@code peek} runs outside the lock). */
        private int peeking;

        BorrowedInput(NonBlockingReader keys) {
            this.keys = keys;
        }

        @Override
        public int read(long timeout, boolean isPeek) throws IOException {
            long deadline = timeout <= 0 ? Long.MAX_VALUE : System.nanoTime() + timeout * 1_000_000;
            while (true) {
                synchronized (this) {
                    if (closed) {
                        return EOF;
                    }
                    if (next < pending.length) {
                        return isPeek ? pending[next] & 0xff : pending[next++] & 0xff;
                    }
                }
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return READ_EXPIRED;
                }
                int c;
                synchronized (this) {
                    if (closed) {
                        return EOF;
                    }
                    peeking++;
                }
                try {
                    c = keys.peek(Math.min(POLL_MS, left));
                } finally {
                    synchronized (this) {
                        peeking--;
                        notifyAll();
                    }
                }
                if (c == NonBlockingReader.EOF) {
                    return EOF;
                }
                if (c != NonBlockingReader.READ_EXPIRED) {
                    take();
                }
            }
        }

        /** Moves the key {@code peek} saw into {@link #pending}, unless closed meanwhile. */
        private synchronized void take() throws IOException {
            if (closed || next < pending.length) {
                return;
            }
            int c = keys.read(1L);
            if (c < 0) {
                return;
            }
            StringBuilder key = new StringBuilder().append((char) c);
            if (Character.isHighSurrogate((char) c)) {
                int low = keys.read(10L);
                if (low >= 0) {
                    key.append((char) low);
                }
            }
            pending = key.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            next = 0;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int c = read(0L, false);
            if (c < 0) {
                return -1;
            }
            b[off] = (byte) c;
            int n = 1;
            // what was typed at once (an escape sequence, a paste), without waiting for more
            while (n < len && available() > 0) {
                int d = read(1L, false);
                if (d < 0) {
                    break;
                }
                b[off + n++] = (byte) d;
            }
            return n;
        }

        @Override
        public synchronized int available() {
            return pending.length - next + (closed ? 0 : keys.available());
        }

        /**
         * Ends reading, and returns only once no read of the terminal is in progress here (within one
         * {@link #POLL_MS} slice, bounded): JLine's reader is not made for two threads at once, and the console's
         * prompt reads it next (a peek still running beside it put a key out of order: {@code owrkspace}).
         */
        @Override
        public synchronized void close() {
            closed = true;
            long deadline = System.nanoTime() + 10 * POLL_MS * 1_000_000;
            while (peeking > 0) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return;
                }
                try {
                    wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
