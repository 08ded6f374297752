package dev.signaltty.cli.internal.view;

import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.signaltty.vt.ScreenCells;
import dev.signaltty.vt.Terminal;

/**
 * The tab view's frames: lays the tab out, sizes each pane to its cell ({@code pane.resize}, so the
 * daemon counts the view as a sizing viewer), blits the panes, dividers, copy mode and status line into
 * the {@link Frame}, and sends only the cells that changed. One render thread, woken by
 * {@link TabView#changed()}; everything it reads is guarded by the view's monitor.
 */
final class ViewFrames {

    private final TabView view;
    private final Frame frame;
    /**
     * Whether the outer terminal reports all motion (1003) rather than motion with a button held (1002,
     * {@link OuterTerminal#enterFullScreen}): only while a pane shown asks for all motion (ADR 0980).
     */
    private boolean allMotion;
    /**
     * Whether the outer terminal brackets what is pasted into it (DECSET 2004): while the focused pane's program
     * asked for it, as tmux mirrors the active pane's mode, so a pasted prompt of several lines reaches an agent
     * as one paste instead of a line and an Enter (ADR 1132).
     */
    private boolean bracketed;

    ViewFrames(TabView view) {
        this.view = view;
        this.frame = view.frame;
    }

    /** Draws a frame whenever the view changed, at most {@link TabView#MAX_FPS} a second, until it ends. */
    void renderLoop() {
        long frameNanos = 1_000_000_000L / TabView.MAX_FPS;
        long last = 0;
        try {
            while (!view.ended()) {
                synchronized (view) {
                    long waitUntil = System.currentTimeMillis() + 1_000; // the clock ticks every second
                    while (!view.dirty && !view.ended() && System.currentTimeMillis() < waitUntil) {
                        view.wait(Math.max(1, waitUntil - System.currentTimeMillis()));
                    }
                }
                long since = System.nanoTime() - last;
                if (since < frameNanos) {
                    Thread.sleep((frameNanos - since) / 1_000_000, (int) ((frameNanos - since) % 1_000_000));
                }
                if (view.ended()) {
                    return;
                }
                String bytes = compose();
                last = System.nanoTime();
                view.outer.write(bytes);
            }
        } catch (InterruptedException e) {
            // the view ended
        }
    }

    /** Lays out, sizes the panes to their cells, and draws one frame; returns the bytes to send. */
    String compose() {
        synchronized (view) {
            view.dirty = false;
            String bytes = draw();
            view.focusReports.sync(view); // after draw: a pane whose snapshot has come is no longer resyncing
            return bytes;
        }
    }

    /** Holds the view's monitor. */
    private String draw() {
        int[] size = view.outer.size();
        int cols = Math.max(1, size[0] == 0 ? 80 : size[0]);
        int rows = Math.max(2, size[1] == 0 ? 24 : size[1]);
        if (cols != frame.cols() || rows != frame.rows()) {
            frame.resize(cols, rows);
        }
        LayoutTree.Rect area = new LayoutTree.Rect(0, 0, cols, rows - 1);
        String focus = view.focus.pane();
        view.geometry = view.zoomed && focus != null ? LayoutTree.layout(new LayoutTree.Node(focus, "", 0, null, null), area)
                : LayoutTree.layout(view.root, area);
        frame.clear();
        LayoutTree.Rect focusRect = null;
        ScreenCells focusCells = null;
        boolean wantsAllMotion = false;
        for (LayoutTree.Cell cell : view.geometry.cells()) {
            PaneScreen p = view.panes.get(cell.paneId());
            if (p == null || cell.rect().w() <= 0 || cell.rect().h() <= 0) {
                continue;
            }
            size(p, cell.rect(), view.typed);
            ScreenCells cells = p.terminal().cells();
            wantsAllMotion |= cells.mouseMode() == 1003 && !p.exited;
            CopyMode c = view.copy;
            if (c != null && c.paneId.equals(p.id)) {
                drawCopy(c, cell.rect());
            } else {
                frame.blit(cells, cell.rect(), 0);
                fillOutside(cells, cell.rect());
            }
            if (p.exited) {
                String note = " [exited" + (p.exitCode == null ? "" : " " + p.exitCode) + "] ";
                frame.text(cell.rect().x(), cell.rect().y() + cell.rect().h() - 1, note, Frame.Style.of(15, 8, true),
                        cell.rect().x() + cell.rect().w());
            }
            if (p.id.equals(focus)) {
                focusRect = cell.rect();
                focusCells = cells;
            }
        }
        view.typed = false; // every pane shown has had its chance to take this view's size
        for (LayoutTree.Divider d : view.geometry.dividers()) {
            boolean active = focusRect != null && touches(d, focusRect);
            int style = active ? Frame.Style.ACTIVE_DIVIDER : Frame.Style.DIVIDER;
            for (int i = d.from(); i < d.to(); i++) {
                if (d.vertical()) {
                    frame.put(d.at(), i, '│', style);
                } else {
                    frame.put(i, d.at(), '─', style);
                }
            }
        }
        if (view.paneNumbersUntil > System.currentTimeMillis()) {
            PaneNumbers.draw(frame, view.geometry, focus);
        }
        if (view.textBox != null) {
            view.textBox.draw(frame, area);
        }
        String prompt = view.prompt.shown();
        String middle = prompt != null ? prompt : view.message();
        PaneScreen focused = focus == null ? null : view.panes.get(focus);
        String hint = null;
        if (focused != null && focused.pendingDecision != null) {
            // what the focused pane waits for, and the keys that answer it
            String question = focused.pendingQuestion != null ? focused.pendingQuestion : "a decision waits";
            hint = question + " " + view.prefixName + " y/N"; // allow once / deny
        }
        List<PaneScreen> ordered = new ArrayList<>();
        for (LayoutTree.Cell cell : LayoutTree.layout(view.root, area).cells()) {
            PaneScreen p = view.panes.get(cell.paneId());
            if (p != null) {
                ordered.add(p);
            }
        }
        String place = view.place();
        // the tab alone (the workspace's only tab, or a prompt in the middle) keeps tmux's Z: a zoomed pane
        // must never look like a tab of one pane
        String tab = view.zoomed ? (view.tabIndex < 0 ? "" : view.tabIndex + ":") + TabList.shownName(view.shownTabName()) + "Z"
                : view.tabLabel();
        List<TabList.Entry> tabs = view.tabs.entries(view.tabId, view.lastTabId, view.zoomed, view.decisions.panes(), view.panes);
        if (view.chooser != null) {
            view.chooser.draw(frame, area);
        }
        view.spans = StatusLine.draw(frame, rows - 1, place, tab, tabs, ordered, focus, middle, hint, view.decisions.elsewhere(view.panes.keySet()),
                LocalTime.now());
        if (prompt != null) {
            frame.cursor(Math.min(cols - 1, place.length() + tab.length() + 6 + middle.length()), rows - 1, true);
        } else if (focusRect != null && focusCells != null && view.copy == null && view.textBox == null
                && view.chooser == null && focusCells.cursorX() < focusRect.w()
                && focusCells.cursorY() < focusRect.h()) {
            frame.cursor(focusRect.x() + focusCells.cursorX(), focusRect.y() + focusCells.cursorY(), focusCells.cursorVisible());
        } else {
            frame.cursor(-1, -1, false);
        }
        String modes = "";
        if (wantsAllMotion != allMotion) { // xterm's tracking modes replace each other: back to 1002 by name
            allMotion = wantsAllMotion;
            modes = allMotion ? "\u001b[?1003h" : "\u001b[?1003l\u001b[?1002h";
        }
        boolean wantsBracketed = focused != null && !focused.exited && focused.terminal().bracketedPaste();
        if (wantsBracketed != bracketed) {
            bracketed = wantsBracketed;
            modes += bracketed ? "\u001b[?2004h" : "\u001b[?2004l";
        }
        return modes + frame.diff();
    }

    /**
     * pane.resize when this view's cell for the pane changed size (never for an exited pane), or when keys
     * were typed here ({@code typed}) while the pane has another view's size: the daemon's {@code latest}
     * policy then gives it this view's, as tmux gives a window to the client typing (ADR 1322).
     */
    private void size(PaneScreen p, LayoutTree.Rect r, boolean typed) {
        if (p.exited) {
            return;
        }
        Terminal t = p.terminal();
        boolean fits = t.cols() == r.w() && t.rows() == r.h();
        long now = (long) t.cols() * 65536 + t.rows();
        if (fits) {
            p.reclaimedFrom = -1;
        }
        boolean reclaim = typed && !fits && p.reclaimedFrom != now;
        if (!reclaim && p.askedCols == r.w() && p.askedRows == r.h()) {
            return;
        }
        if (reclaim) {
            p.reclaimedFrom = now;
        }
        p.askedCols = r.w();
        p.askedRows = r.h();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("pane_id", p.id);
        params.put("cols", (long) r.w());
        params.put("rows", (long) r.h());
        view.wire.send("pane.resize", params);
    }

    /**
     * The part of a cell the pane does not reach (another view sized the pane smaller: the latest viewer's
     * size wins, ADR-0160) is filled with dots, as tmux fills what is outside a window smaller than the
     * client, so it does not read as the program's blank screen (ADR 1225).
     */
    private void fillOutside(ScreenCells cells, LayoutTree.Rect r) {
        if (cells.cols() >= r.w() && cells.rows() >= r.h()) {
            return;
        }
        for (int dy = 0; dy < r.h(); dy++) {
            for (int dx = dy < cells.rows() ? cells.cols() : 0; dx < r.w(); dx++) {
                frame.put(r.x() + dx, r.y() + dy, '.', Frame.Style.DIVIDER);
            }
        }
    }

    private void drawCopy(CopyMode c, LayoutTree.Rect r) {
        int selected = Frame.Style.of(0, 3, false);
        for (int dy = 0; dy < r.h(); dy++) {
            int i = c.top + dy;
            int[] cols = c.selectedColumns(i);
            String line = c.line(i);
            long[] attrs = c.attrs(i);
            if (attrs == null) {
                frame.text(r.x(), r.y() + dy, line, Frame.Style.PLAIN, r.x() + r.w());
            } else { // the pane's colours, as tmux's copy mode keeps them (ADR 1222)
                for (int x = 0; x < line.length() && x < r.w(); x++) {
                    frame.putAttr(r.x() + x, r.y() + dy, line.charAt(x), attrs[x]);
                }
            }
            if (cols != null) { // the selected cells (to the row's end for whole lines), as tmux paints them
                for (int x = Math.max(0, cols[0]); x < r.w() && x < cols[1]; x++) {
                    frame.put(r.x() + x, r.y() + dy, x < line.length() ? line.charAt(x) : ' ', selected);
                }
            }
            if (i == c.cursor && c.col < r.w()) { // the copy cursor's cell, reversed
                frame.put(r.x() + c.col, r.y() + dy, c.col < line.length() ? line.charAt(c.col) : ' ', Frame.Style.of(0, 7, true));
            }
        }
        String where = " [copy " + (c.cursor + 1) + "/" + c.size() + "] ";
        frame.text(Math.max(r.x(), r.x() + r.w() - where.length()), r.y(), where, Frame.Style.of(0, 3, true), r.x() + r.w());
    }

    private static boolean touches(LayoutTree.Divider d, LayoutTree.Rect r) {
        if (d.vertical()) {
            return (d.at() == r.x() - 1 || d.at() == r.x() + r.w()) && r.y() < d.to() && r.y() + r.h() > d.from();
        }
        return (d.at() == r.y() - 1 || d.at() == r.y() + r.h()) && r.x() < d.to() && r.x() + r.w() > d.from();
    }
}
