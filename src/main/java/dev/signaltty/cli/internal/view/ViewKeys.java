package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.jline.utils.NonBlockingInputStream;
import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.FleetTree;

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
    private final AttentionJump attention;
    private final InputDecoder decoder = new InputDecoder();
    private boolean armed;
    private boolean detach;

    ViewKeys(TabView view, byte prefix) {
        this.view = view;
        this.prefix = prefix;
        this.actions = new ViewActions(view);
        this.mouse = new ViewMouse(view, actions);
        this.copyKeys = new CopyModeKeys(view, this, prefix);
        this.attention = new AttentionJump(view);
        view.prefixName = "C-" + (char) ('a' + prefix - 1);
    }

    void readLoop(InputStream in) {
        byte[] buf = new byte[4096];
        try {
            while (!detach && !view.ended()) {
                List<InputDecoder.Input> inputs;
                if (decoder.pending() && in instanceof NonBlockingInputStream timed) {
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
                    inputs = decoder.feed(buf, n);
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
        if (input instanceof InputDecoder.Mouse m) {
            mouse.report(m);
            return;
        }
        InputDecoder.Key key = (InputDecoder.Key) input;
        Runnable then = null; // what a key asks of the daemon runs after the monitor is let go: the reader needs it
        synchronized (view) {
            if (view.help) { // any key closes the key list, and does nothing else (tmux: q leaves list-keys)
                int next = view.helpFirst + view.helpRoom;
                boolean more = key.raw().length == 1 && key.raw()[0] == ' ' && next < ViewHelp.KEYS.size();
                view.helpFirst = more ? next : 0; // Space pages on in a short window; the last page's Space closes
                view.help = more;
                view.changed();
                return;
            }
            if (view.chooser != null) {
                then = chooserKey(view.chooser, key);
            } else if (view.confirm != null) {
                Runnable yes = view.confirm;
                view.confirm = null;
                view.prompt = null;
                if (key.raw().length == 1 && (key.raw()[0] == 'y' || key.raw()[0] == 'Y')) {
                    then = yes;
                }
                view.changed();
            } else if (view.prompt != null) {
                then = promptKey(key);
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
            command(key, forward);
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

    /** The key after the prefix. */
    private void command(InputDecoder.Key key, ByteArrayOutputStream forward) {
        String focus = view.focus;
        switch (key.name()) {
            case "Up" -> focus(0, -1);
            case "Down" -> focus(0, 1);
            case "Left" -> focus(-1, 0);
            case "Right" -> focus(1, 0);
            // resize-pane as tmux binds it: C-arrows by one cell, M-arrows by five
            case "C-Up" -> actions.resize(focus, false, -1);
            case "C-Down" -> actions.resize(focus, false, 1);
            case "C-Left" -> actions.resize(focus, true, -1);
            case "C-Right" -> actions.resize(focus, true, 1);
            case "M-Up" -> actions.resize(focus, false, -5);
            case "M-Down" -> actions.resize(focus, false, 5);
            case "M-Left" -> actions.resize(focus, true, -5);
            case "M-Right" -> actions.resize(focus, true, 5);
            default -> {
                if (key.raw().length != 1) {
                    view.message("unbound key after the prefix (" + view.prefixName + " ? lists the keys)");
                    return;
                }
                byte b = key.raw()[0];
                if (b == prefix) {
                    forward.write(prefix);
                    return;
                }
                if (b == ']') {
                    actions.paste(focus, forward);
                    return;
                }
                actions.write(forward);
                char c = (char) b;
                switch (c) {
                    case 'd' -> detach = true;
                    case '?' -> {
                        synchronized (view) {
                            view.help = true;
                        }
                        view.changed();
                    }
                    case '%', '|' -> actions.split(focus, "right");
                    case '"', '-' -> actions.split(focus, "down");
                    case 'x' -> confirmClose(focus);
                    case '&' -> confirmCloseTab();
                    case 'z' -> {
                        synchronized (view) {
                            view.zoomed = !view.zoomed;
                        }
                        view.changed();
                    }
                    case 'o' -> cycle();
                    case ';' -> {
                        String last = view.lastFocus;
                        if (last == null) {
                            view.message("no previous pane");
                        } else {
                            view.focusPane(last);
                        }
                    }
                    case 'c' -> actions.newTab();
                    // relaunch (tmux's respawn-pane, which has no default key): a capital, as N, since prefix r is
                    // tmux's refresh-client and a lower-case slip should never start a program again
                    case 'R' -> actions.relaunch(focus);
                    case 'H' -> view.switchHost();
                    case 'a' -> attention.next(focus);
                    case 'n', ')' -> actions.switchTab(1);
                    case 'l' -> actions.lastTab();
                    case '\'' -> prompt("tab index: ", actions::selectTab); // tmux's prompt for tabs past 9
                    case 'w' -> openChooser();
                    case 's' -> openFleetChooser();
                    case 'p', '(' -> actions.switchTab(-1);
                    case ',' -> prompt("rename pane: ", name -> actions.ask("pane.rename",
                            focus == null ? null : name.isEmpty() ? Map.of("pane_id", focus) : Map.of("pane_id", focus, "name", name),
                            "renamed"));
                    case 'y' -> actions.answer(focus, "allow_once");
                    // deny is a capital N: tmux's n (next window) is in every tmux user's fingers, and must never deny
                    case 'N' -> actions.answer(focus, "deny");
                    case '[' -> actions.enterCopy(focus);
                    default -> {
                        if (c >= '0' && c <= '9') {
                            actions.selectTab(c - '0');
                        } else {
                            view.message("unbound key " + printable(c) + " after the prefix (" + view.prefixName
                                    + " ? lists the keys)");
                        }
                    }
                }
            }
        }
    }

    private static String printable(char c) {
        return c < 0x20 ? "C-" + Character.toLowerCase((char) ('@' + c)) : c == 0x7f ? "DEL" : String.valueOf(c);
    }

    /** x: asks first, as tmux's kill-pane does (a pane may hold an agent's hours of work). */
    private void confirmClose(@Nullable String focus) {
        if (focus == null) {
            return;
        }
        PaneScreen p = view.panes.get(focus);
        String label = p == null ? focus : p.label();
        synchronized (view) {
            view.prompt = "close pane " + label + "? (y/n)";
            view.promptText.setLength(0);
            view.promptDone = null;
            view.confirm = () -> actions.ask("pane.close", Map.of("pane_id", focus), "closed " + label);
        }
        view.changed();
    }

    /**
     * &: asks first, as tmux's kill-window, naming how many panes go with the tab: tab.close closes
     * the tab's panes (their programs end), not only the tab.
     */
    private void confirmCloseTab() {
        String name;
        int count;
        synchronized (view) {
            name = view.tabName;
            count = view.panes.size();
            view.prompt = "close tab " + name + " and its " + count + (count == 1 ? " pane" : " panes") + "? (y/n)";
            view.promptText.setLength(0);
            view.promptDone = null;
            view.confirm = actions::closeTab;
        }
        view.changed();
    }

    /** w: the tab chooser, on the tab shown, after asking for the tabs afresh (their panes' names too). */
    private void openChooser() {
        view.refreshTabIndex();
        synchronized (view) {
            view.chooser = new TabChooser(view, actions, view.tabIndex);
        }
        view.changed();
    }

    /** s: the fleet chooser, on the pane focused here, after asking the daemon for the whole fleet. */
    private void openFleetChooser() {
        FleetTree fleet;
        try {
            fleet = FleetTree.load(view.wire::callAll);
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
            return;
        }
        synchronized (view) {
            view.chooser = new FleetChooser(view, fleet, view.tabId, view.focus);
        }
        view.changed();
    }

    private void focus(int dx, int dy) {
        synchronized (view) {
            String next = view.focus == null ? null : LayoutTree.neighbour(view.geometry, view.focus, dx, dy);
            if (next != null) {
                view.focusPane(next);
            }
        }
        view.changed();
    }

    private void cycle() {
        synchronized (view) {
            List<LayoutTree.Cell> cells = view.geometry.cells();
            for (int i = 0; i < cells.size(); i++) {
                if (cells.get(i).paneId().equals(view.focus)) {
                    view.focusPane(cells.get((i + 1) % cells.size()).paneId());
                    break;
                }
            }
        }
        view.changed();
    }

    /** Asks for text on the status line; {@code done} gets it on Enter, on the key thread, the monitor let go. */
    void prompt(String label, java.util.function.Consumer<String> done) {
        synchronized (view) {
            view.prompt = label;
            view.promptText.setLength(0);
            view.promptDone = done;
        }
        view.changed();
    }

    /** Keys while the status line asks for text; on Enter, what runs with the text. Holds the view's monitor. */
    private @Nullable Runnable promptKey(InputDecoder.Key key) {
        byte first = key.raw()[0];
        Runnable then = null;
        if (key.name().equals("Enter") || first == '\n') {
            String text = view.promptText.toString();
            java.util.function.Consumer<String> done = view.promptDone;
            view.prompt = null;
            view.promptDone = null;
            if (done != null) {
                then = () -> done.accept(text); // in key order: a search lands before the next key is read
            }
        } else if (key.name().equals("Escape") || first == 0x03) {
            view.prompt = null;
            view.promptDone = null;
        } else if (key.name().equals("Backspace")) {
            if (!view.promptText.isEmpty()) {
                view.promptText.setLength(view.promptText.length() - 1);
            }
        } else if ((first & 0xff) >= 0x20) {
            view.promptText.append(new String(key.raw(), StandardCharsets.UTF_8));
        }
        view.changed();
        return then;
    }
}
