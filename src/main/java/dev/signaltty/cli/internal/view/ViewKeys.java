package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

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
    private final AttentionJump attention;
    private final InputDecoder decoder = new InputDecoder();
    private boolean armed;
    private boolean detach;

    ViewKeys(TabView view, byte prefix) {
        this.view = view;
        this.prefix = prefix;
        this.actions = new ViewActions(view);
        this.mouse = new ViewMouse(view, actions);
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
        synchronized (view) {
            if (view.help) { // any key closes the key list, and does nothing else (tmux: q leaves list-keys)
                view.help = false;
                view.changed();
                return;
            }
            if (view.confirm != null) {
                Runnable yes = view.confirm;
                view.confirm = null;
                view.prompt = null;
                if (key.raw().length == 1 && (key.raw()[0] == 'y' || key.raw()[0] == 'Y')) {
                    yes.run();
                }
                view.changed();
                return;
            }
            if (view.prompt != null) {
                promptKey(key);
                return;
            }
            if (view.copy != null && !armed) {
                copyKey(view.copy, key);
                return;
            }
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

    private int copyHeight(CopyMode c) {
        LayoutTree.Cell cell = view.geometry.cell(c.paneId);
        return cell == null ? 24 : Math.max(1, cell.rect().h());
    }

    /** Keys in copy mode, tmux's vi copy mode; holds the view's monitor. */
    private void copyKey(CopyMode c, InputDecoder.Key key) {
        int h = copyHeight(c);
        String error = null;
        switch (key.name()) {
            case "Up" -> c.move(-1, h);
            case "Down" -> c.move(1, h);
            case "Left" -> c.moveColumn(-1);
            case "Right" -> c.moveColumn(1);
            case "PageUp" -> c.move(-h, h);
            case "PageDown" -> c.move(h, h);
            case "Escape" -> { // tmux vi: Escape clears the selection; without one it leaves
                if (c.selection == CopyMode.Selection.NONE) {
                    view.copy = null;
                } else {
                    c.selection = CopyMode.Selection.NONE;
                }
            }
            case "Enter" -> error = copy(c);
            default -> {
                if (key.raw().length == 1 && key.raw()[0] == prefix) {
                    armed = true; // the prefix keys work in copy mode, as in tmux
                } else if (key.raw().length == 1) {
                    switch ((char) key.raw()[0]) {
                        case 'k' -> c.move(-1, h);
                        case 'j' -> c.move(1, h);
                        case 'h' -> c.moveColumn(-1);
                        case 'l' -> c.moveColumn(1);
                        case '0' -> c.lineEdge(false);
                        case '$' -> c.lineEdge(true);
                        case 0x15 -> c.move(-Math.max(1, h / 2), h); // C-u, C-d: half a page
                        case 0x04 -> c.move(Math.max(1, h / 2), h);
                        case 0x02 -> c.move(-h, h); // C-b, C-f: a page (C-b when another key is the prefix)
                        case 0x06 -> c.move(h, h);
                        case 'g' -> c.move(-c.size(), h);
                        case 'G' -> c.move(c.size(), h);
                        case 'q' -> view.copy = null;
                        case ' ', 'v' -> c.toggle(CopyMode.Selection.CHARS);
                        case 'V' -> c.toggle(CopyMode.Selection.LINES);
                        case 'y' -> error = copy(c);
                        case 'n' -> error = c.next(false, h);
                        case 'N' -> error = c.next(true, h);
                        case '/' -> search(c, "search down (regex): ", 1, h);
                        case '?' -> search(c, "search up (regex): ", -1, h);
                        default -> {
                            // not a copy-mode key: ignored, as tmux does
                        }
                    }
                }
            }
        }
        if (error != null) {
            view.message(error);
        }
        view.changed();
    }

    private void search(CopyMode c, String label, int direction, int height) {
        prompt(label, regex -> {
            String e = c.search(regex, direction, height);
            if (e != null) {
                view.message(e);
            }
        });
    }

    /** Enter or y in copy mode: OSC 52 to the outer terminal, kept for the prefix then ]; holds the monitor. */
    private String copy(CopyMode c) {
        view.copied = c.selection();
        view.outer.write(CopyMode.osc52(view.copied));
        view.copy = null;
        return "copied to the clipboard (" + view.prefixName + " ] pastes it)";
    }

    private void prompt(String label, java.util.function.Consumer<String> done) {
        synchronized (view) {
            view.prompt = label;
            view.promptText.setLength(0);
            view.promptDone = done;
        }
        view.changed();
    }

    /** Keys while the status line asks for text; holds the view's monitor. */
    private void promptKey(InputDecoder.Key key) {
        byte first = key.raw()[0];
        if (key.name().equals("Enter") || first == '\n') {
            String text = view.promptText.toString();
            java.util.function.Consumer<String> done = view.promptDone;
            view.prompt = null;
            view.promptDone = null;
            if (done != null) {
                done.accept(text); // in key order: a search lands before the next key (actions never wait on the daemon)
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
    }
}
