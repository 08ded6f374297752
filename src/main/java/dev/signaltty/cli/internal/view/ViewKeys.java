package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import org.jline.utils.NonBlockingInputStream;
import org.jspecify.annotations.Nullable;


/**
 * The view's keys (docs/cli.md, "The tab view"): everything goes to the focused pane except the
 * prefix (Ctrl-B unless configured) and the key after it, mouse reports, and keys while copy mode or
 * a prompt is open. This class reads and interprets them; {@link ViewActions} sends what they ask of
 * the daemon.
 */
final class ViewKeys {

    /** How long a key read waits before it looks whether the view ended. */
    static final long WAKE_MS = 250;

    private final TabView view;
    private final byte prefix;
    private final ViewActions actions;
    private final ViewMouse mouse;
    private final CopyModeKeys copyKeys;
    private final PrefixKeys prefixKeys;
    private final InputDecoder decoder = new InputDecoder();
    private boolean armed;
    private boolean detach;

    ViewKeys(TabView view, byte prefix) {
        this.view = view;
        this.prefix = prefix;
        this.actions = new ViewActions(view);
        this.mouse = new ViewMouse(view, actions);
        this.copyKeys = new CopyModeKeys(view, this, prefix);
        this.prefixKeys = new PrefixKeys(view, this, actions, prefix);
        view.prefixName = "C-" + (char) ('a' + prefix - 1);
    }

    void readLoop(InputStream in) {
        byte[] buf = new byte[4096];
        byte[] early = view.outer.takeEarlyInput(); // typed while the view asked the terminal's colours
        try {
            while (!detach && !view.ended()) {
                List<InputDecoder.Input> inputs;
                if (early.length > 0) {
                    inputs = decoder.feed(early, early.length);
                    early = new byte[0];
                } else if (decoder.pending() && in instanceof NonBlockingInputStream timed) {
                    int c = timed.read(InputDecoder.ESCAPE_MS);
                    if (c == NonBlockingInputStream.READ_EXPIRED) {
                        inputs = decoder.flush();
                    } else if (c < 0) {
                        return;
                    } else {
                        buf[0] = (byte) c;
                        inputs = decoder.feed(buf, 1);
                    }
                } else if (in instanceof NonBlockingInputStream timed) {
                    // a bounded wait, so a view that ended elsewhere (its tab closed) is noticed: closing
                    // the terminal does not wake a blocked read
                    int n = timed.readBuffered(buf, 0, buf.length, WAKE_MS);
                    if (n == NonBlockingInputStream.READ_EXPIRED || n == 0) {
                        continue;
                    }
                    if (n < 0) {
                        return;
                    }
                    // an answer to the colour query (a late first one, or one the prefix then r asked) is no key
                    ColourQuery.Answer answer = ColourQuery.inKeys(buf, n);
                    view.colours.answered(answer.params());
                    inputs = decoder.feed(answer.rest(), answer.rest().length);
                } else {
                    int n = in.read(buf);
                    if (n < 0) {
                        return;
                    }
                    inputs = decoder.feed(buf, n);
                }
                ByteArrayOutputStream forward = new ByteArrayOutputStream();
                for (InputDecoder.Input input : inputs) {
                    handle(input, forward);
                    if (detach) {
                        break;
                    }
                }
                actions.write(forward);
            }
        } catch (IOException | RuntimeException e) {
            // the terminal closed, or the view ended and closed it to wake this thread
        }
    }

    private void handle(InputDecoder.Input input, ByteArrayOutputStream forward) {
        if (input instanceof InputDecoder.Focus f) { // no key: it closes no list and reaches no pane as it is
            synchronized (view) {
                view.focusReports.outer(f.in());
                view.changed();
            }
            return;
        }
        if (input instanceof InputDecoder.Theme) { // the terminal's theme changed: its colours are asked again
            view.colours.ask();
            return;
        }
        if (input instanceof InputDecoder.Mouse m) {
            actions.write(forward); // keys typed before the report reach their pane first
            mouse.report(m);
            return;
        }
        InputDecoder.Key key = (InputDecoder.Key) input;
        Runnable then = null; // what a key asks of the daemon runs after the monitor is let go: the reader needs it
        synchronized (view) {
            if (view.textBox != null) { // any key closes the key list or a command's output, and does nothing else
                if (!view.textBox.key(key)) { // (tmux: q leaves list-keys); Space pages on in a short window
                    view.textBox = null;
                }
                view.changed();
                return;
            }
            if (view.paneNumbersUntil > System.currentTimeMillis()) {
                view.paneNumbersUntil = 0;
                view.changed();
                int index = PaneNumbers.index(key);
                List<LayoutTree.Cell> cells = view.geometry.cells();
                if (index >= 0) { // a pane's number focuses it; another key goes on as always (tmux's display-panes)
                    if (index < cells.size()) {
                        view.focus.move(cells.get(index).paneId());
                    } else {
                        view.message("no pane " + PaneNumbers.label(index) + " (panes 0-" + PaneNumbers.label(cells.size() - 1) + ")");
                    }
                    return;
                }
            }
            if (view.chooser != null) {
                then = chooserKey(view.chooser, key);
            } else if (view.prompt.open()) {
                then = view.prompt.key(key);
                view.changed();
            } else if (view.copy != null && !armed) {
                armed = copyKeys.key(view.copy, key);
                return;
            } else {
                then = NOT_TAKEN;
            }
        }
        if (then != NOT_TAKEN) {
            if (then != null) {
                then.run();
            }
            return;
        }
        if (armed) {
            armed = false;
            detach = prefixKeys.command(key, forward);
        } else if (key.raw().length == 1 && key.raw()[0] == prefix) {
            armed = true;
        } else {
            forward.writeBytes(key.raw());
        }
    }

    /** {@link #handle}'s mark for a key that no open list, question, prompt or copy mode took. */
    private static final Runnable NOT_TAKEN = () -> { };

    /** Keys while a chooser is open: what Enter chose runs after the monitor is let go. Holds the monitor. */
    private @Nullable Runnable chooserKey(Chooser chooser, InputDecoder.Key key) {
        Runnable then = null;
        switch (key.name()) {
            case "Up" -> chooser.move(-1);
            case "Down" -> chooser.move(1);
            case "Left" -> chooser.fold(true);
            case "Right" -> chooser.fold(false);
            case "Escape" -> view.chooser = null;
            case "Enter" -> {
                view.chooser = null;
                then = chooser.enter();
            }
            default -> {
                if (key.raw().length == 1) {
                    switch ((char) key.raw()[0]) {
                        case 'k' -> chooser.move(-1);
                        case 'j' -> chooser.move(1);
                        case 'h' -> chooser.fold(true);
                        case 'l' -> chooser.fold(false);
                        case 'q' -> view.chooser = null;
                        default -> {
                            // not a chooser key: ignored, as tmux's choose-tree does
                        }
                    }
                }
            }
        }
        view.changed();
        return then;
    }

    /** Asks for text on the status line; {@code done} gets it on Enter, on the key thread, the monitor let go. */
    void prompt(String label, Consumer<String> done) {
        prompt(label, "", done, null);
    }

    /** As {@link #prompt(String, Consumer)}, starting from {@code initial}, Tab completing with {@code completer}. */
    void prompt(String label, String initial, Consumer<String> done,
                @Nullable Function<String, StatusPrompt.Completion> completer) {
        synchronized (view) {
            view.prompt.ask(label, initial, done, completer);
        }
        view.changed();
    }
}
