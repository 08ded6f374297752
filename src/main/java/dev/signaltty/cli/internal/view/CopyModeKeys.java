package dev.signaltty.cli.internal.view;

/**
 * The keys while copy mode is open (tmux's vi copy mode, docs/cli.md "The tab view"): moves, the
 * selection, searches and the copy. {@link ViewKeys} hands them here; the prefix still works.
 */
final class CopyModeKeys {

    private final TabView view;
    private final ViewKeys keys;
    private final byte prefix;

    CopyModeKeys(TabView view, ViewKeys keys, byte prefix) {
        this.view = view;
        this.keys = keys;
        this.prefix = prefix;
    }

    private int height(CopyMode c) {
        LayoutTree.Cell cell = view.geometry.cell(c.paneId);
        return cell == null ? 24 : Math.max(1, cell.rect().h());
    }

    /** One key in copy mode; true when it was the prefix (the next key is a prefix key). Holds the view's monitor. */
    boolean key(CopyMode c, InputDecoder.Key key) {
        int h = height(c);
        String error = null;
        boolean armed = false;
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
                        case 'w', 'b', 'e', 'W', 'B', 'E' -> c.word((char) key.raw()[0], h);
                        case 0x15 -> c.move(-Math.max(1, h / 2), h); // C-u, C-d: half a page
                        case 0x04 -> c.move(Math.max(1, h / 2), h);
                        case 0x02 -> c.move(-h, h); // C-b, C-f: a page (C-b when another key is the prefix)
                        case 0x06 -> c.move(h, h);
                        case 'g' -> c.move(-c.size(), h);
                        case 'G' -> c.move(c.size(), h);
                        case 'q' -> view.copy = null;
                        case ' ', 'v' -> c.toggle(CopyMode.Selection.CHARS);
                        case 'V' -> c.toggle(CopyMode.Selection.LINES);
                        case 0x16 -> { // C-v: tmux's rectangle-toggle, before or while selecting
                            c.rectangle = !c.rectangle;
                            if (c.selection == CopyMode.Selection.NONE) {
                                error = "rectangle selection " + (c.rectangle ? "on" : "off") + " (v or Space starts it)";
                            }
                        }
                        case 'o' -> c.otherEnd(h);
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
        return armed;
    }

    private void search(CopyMode c, String label, int direction, int height) {
        keys.prompt(label, regex -> {
            String e;
            synchronized (view) {
                e = c.search(regex, direction, height);
            }
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
}
