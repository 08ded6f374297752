package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.FleetTree;

/**
 * The key after the prefix (docs/cli.md, "The tab view"; ADR 0920 compares them with tmux's prefix table):
 * tmux's binding wherever tmux has one, the view's own where a decision or a relaunch needs a key. What a
 * key asks of the daemon is {@link ViewActions}'s, rearranging panes {@link ViewArrange}'s, the {@code :}
 * prompt {@link CommandPrompt}'s.
 */
final class PrefixKeys {

    private final TabView view;
    private final ViewKeys keys;
    private final byte prefix;
    private final ViewActions actions;
    private final ViewArrange arrange;
    private final AttentionJump attention;
    private final CommandPrompt commands;

    PrefixKeys(TabView view, ViewKeys keys, ViewActions actions, byte prefix) {
        this.view = view;
        this.keys = keys;
        this.prefix = prefix;
        this.actions = actions;
        this.arrange = new ViewArrange(view, actions);
        this.attention = new AttentionJump(view);
        this.commands = new CommandPrompt(view, actions, key -> {
            ByteArrayOutputStream forward = new ByteArrayOutputStream(); // ] pastes into it
            command(key, forward);
            actions.write(forward);
        });
    }

    /** The key after the prefix; true when it detaches. */
    boolean command(InputDecoder.Key key, ByteArrayOutputStream forward) {
        String focus = view.focus.pane();
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
            case "PageUp" -> actions.enterCopyPageUp(focus); // tmux's copy-mode -u
            default -> {
                return other(key, forward, focus);
            }
        }
        return false;
    }

    /** A key with no name: one character, or Alt and one character (M-1 … M-5, M-o). */
    private boolean other(InputDecoder.Key key, ByteArrayOutputStream forward, @Nullable String focus) {
        byte[] raw = key.raw();
        if (raw.length == 2 && raw[0] == 0x1b) {
            alt((char) raw[1], focus);
            return false;
        }
        if (raw.length != 1) {
            view.message("unbound key after the prefix (" + view.prefixName + " ? lists the keys)");
            return false;
        }
        byte b = raw[0];
        if (b == prefix) {
            forward.write(prefix);
            return false;
        }
        if (b == ']') {
            actions.paste(focus, forward);
            return false;
        }
        actions.write(forward);
        char c = (char) b;
        switch (c) {
            case 'd' -> {
                return true;
            }
            case '?' -> {
                synchronized (view) {
                    view.textBox = ViewHelp.box(view.prefixName);
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
                String last = view.focus.last();
                if (last == null) {
                    view.message("no previous pane");
                } else {
                    view.focus.move(last);
                }
            }
            case 'q' -> {
                synchronized (view) {
                    view.paneNumbersUntil = System.currentTimeMillis() + PaneNumbers.SHOW_MS;
                }
                view.changed();
            }
            case 'c' -> actions.newTab(null, List.of(), null);
            case 'i' -> describe(focus);
            // relaunch (tmux's respawn-pane, which has no default key): a capital, as N, since prefix r is
            // tmux's refresh-client and a lower-case slip should never start a program again
            case 'R' -> actions.relaunch(focus);
            case 'r' -> view.refresh(); // tmux's refresh-client: a clean screen, and the terminal's colours asked again
            case 'H' -> view.switchHost();
            case 'a' -> attention.next(focus);
            case 'n', ')' -> actions.switchTab(1);
            case 'l' -> actions.lastTab();
            case '\'' -> keys.prompt("tab index: ", actions::selectTab); // tmux's prompt for tabs past 9
            case 'w' -> openChooser();
            case 's' -> openFleetChooser(null);
            case 'f' -> keys.prompt("find tab or pane: ", this::openFleetChooser);
            case ':' -> {
                keys.prompt(":", "", commands::run, commands::complete);
                synchronized (view) {
                    view.prompt.history(commands.history());
                }
            }
            case 'p', '(' -> actions.switchTab(-1);
            case ',' -> renameTab(); // tmux's rename-window: the name in the status line's list
            case '.' -> renamePane(focus);
            case '$' -> renameWorkspace(); // tmux's rename-session
            case '!' -> arrange.breakOut(focus);
            case '{' -> arrange.swap(focus, -1);
            case '}' -> arrange.swap(focus, 1);
            case ' ' -> arrange.nextLayout();
            case 0x0f -> arrange.rotate(-1); // C-o: tmux's rotate-window (upward)
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
        return false;
    }

    /** Alt and a key: M-1 … M-5 tmux's named layouts, M-o rotate the other way. */
    private void alt(char c, @Nullable String focus) {
        if (c >= '1' && c <= '5') {
            arrange.layout(c - '1');
        } else if (c == 'o') {
            arrange.rotate(1);
        } else {
            view.message("unbound key M-" + printable(c) + " after the prefix (" + view.prefixName + " ? lists the keys)");
        }
    }

    private static String printable(char c) {
        return c < 0x20 ? "C-" + Character.toLowerCase((char) ('@' + c)) : c == 0x7f ? "DEL" : String.valueOf(c);
    }

    /**
     * i: where the focus is, with the ids a command typed at {@code :} or in a shell takes (tmux's display-message
     * shows the session, window and pane the same way).
     */
    private void describe(@Nullable String focus) {
        PaneScreen p = focus == null ? null : view.panes.get(focus);
        if (p == null) {
            view.message("no pane has the focus");
            return;
        }
        LayoutTree.Cell cell;
        synchronized (view) {
            cell = view.geometry.cell(focus);
        }
        String size = cell == null ? "" : " " + cell.rect().w() + "x" + cell.rect().h();
        view.message(focus + (p.label().equals(focus) ? "" : " (" + p.label() + ")") + size + " | " + view.tabId + " ("
                + view.tabLabel() + (view.shownTabName().equals(view.tabName) ? "" : ", named " + view.tabName)
                + ") | " + view.workspaceId + " (" + view.workspaceName + ")");
    }

    /** ,: the tab's name, offered to edit as tmux's rename-window offers the window's. */
    private void renameTab() {
        String tab = view.tabId;
        keys.prompt("rename tab: ", view.tabName, name -> actions.ask("tab.rename", Map.of("tab_id", tab, "name", name),
                "renamed the tab " + name), null);
    }

    /** .: the focused pane's name (empty removes it; tmux's . is move-window, which tabs here have no use for). */
    private void renamePane(@Nullable String focus) {
        if (focus == null) {
            return;
        }
        PaneScreen p = view.panes.get(focus);
        String current = p == null || p.name == null ? "" : p.name;
        keys.prompt("rename pane: ", current, name -> actions.ask("pane.rename",
                name.isEmpty() ? Map.of("pane_id", focus) : Map.of("pane_id", focus, "name", name),
                name.isEmpty() ? "the pane has no name now" : "renamed the pane " + name), null);
    }

    /** $: the workspace's name (its handle stays), as tmux's rename-session. */
    private void renameWorkspace() {
        String ws = view.workspaceId;
        keys.prompt("rename workspace: ", view.workspaceName, name -> actions.ask("workspace.rename",
                Map.of("workspace_id", ws, "name", name), "renamed the workspace " + name), null);
    }

    /** x: asks first, as tmux's kill-pane does (a pane may hold an agent's hours of work). */
    private void confirmClose(@Nullable String focus) {
        if (focus == null) {
            return;
        }
        PaneScreen p = view.panes.get(focus);
        String label = p == null ? focus : p.label();
        synchronized (view) {
            view.prompt.confirm("close pane " + label + "? (y/n)",
                    () -> actions.ask("pane.close", Map.of("pane_id", focus), "closed " + label));
        }
        view.changed();
    }

    /**
     * &: asks first, as tmux's kill-window, naming how many panes go with the tab: tab.close closes
     * the tab's panes (their programs end), not only the tab.
     */
    private void confirmCloseTab() {
        synchronized (view) {
            int count = view.panes.size();
            view.prompt.confirm("close tab " + view.tabName + " and its " + count + (count == 1 ? " pane" : " panes") + "? (y/n)",
                    actions::closeTab);
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

    /**
     * s: the fleet chooser on the pane focused here, after asking the daemon for the whole fleet; f: the
     * same chooser showing only the tabs and panes whose name has {@code find} in it (tmux's find-window),
     * or that one at once when only one has.
     */
    private void openFleetChooser(@Nullable String find) {
        FleetTree fleet;
        try {
            fleet = FleetTree.load(view.wire::callAll);
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
            return;
        }
        FleetChooser chooser = new FleetChooser(view, fleet, view.tabId, view.focus.pane(), find == null ? "" : find.strip());
        if (find != null) {
            int found = chooser.matches();
            if (found == 0) {
                view.message("no tab or pane name has '" + find.strip() + "' in it");
                return;
            }
            if (found == 1) {
                Runnable go = chooser.enter();
                if (go != null) {
                    go.run();
                }
                return;
            }
        }
        synchronized (view) {
            view.chooser = chooser;
        }
        view.changed();
    }

    private void focus(int dx, int dy) {
        synchronized (view) {
            String from = view.focus.pane();
            String next = from == null ? null : LayoutTree.neighbour(view.geometry, from, dx, dy);
            if (next != null) {
                view.focus.move(next);
            }
        }
        view.changed();
    }

    private void cycle() {
        synchronized (view) {
            List<LayoutTree.Cell> cells = view.geometry.cells();
            for (int i = 0; i < cells.size(); i++) {
                if (cells.get(i).paneId().equals(view.focus.pane())) {
                    view.focus.move(cells.get((i + 1) % cells.size()).paneId());
                    break;
                }
            }
        }
        view.changed();
    }
}
