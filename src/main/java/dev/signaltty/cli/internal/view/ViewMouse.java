package dev.signaltty.cli.internal.view;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.MouseModes;
import dev.signaltty.vt.Terminal;

/**
 * The view's mouse (docs/cli.md, "The tab view"; ADR 0980): a click focuses a pane, dragging a divider
 * moves it (drawn live, {@code tab.set_ratio} on release), the wheel scrolls back through copy mode.
 * A pane whose program asked for mouse reports (DECSET 9/1000/1002/1003) gets them instead, in its
 * encoding and its own cells ({@link MouseReports}): a press there also focuses the pane, as tmux's
 * {@code MouseDown1Pane} does, and the drag and release that follow go to the same pane. The wheel
 * over a program in the alternate screen that did not ask sends arrow keys. Shift held keeps the
 * view's own mouse, and the status line and dividers are always the view's.
 */
final class ViewMouse {

    private final TabView view;
    private final ViewActions actions;
    private LayoutTree.@Nullable Divider dragging;
    /** The pane a forwarded press went to: its drag and release go there too, wherever the pointer is. */
    private @Nullable String captured;

    /** Bytes for one pane's program, sent once the monitor is let go. */
    private record Forward(String paneId, byte[] bytes) {
    }

    ViewMouse(TabView view, ViewActions actions) {
        this.view = view;
        this.actions = actions;
    }

    /** One SGR mouse report: a click, a divider drag, a wheel turn, a click on the status line, or the program's. */
    void report(InputDecoder.Mouse m) {
        int tab = -1;
        Forward forward = null;
        synchronized (view) {
            if (dragging != null) {
                double ratio = dragging.ratioAt(m.x(), m.y());
                if (m.release()) {
                    LayoutTree.Divider d = dragging;
                    dragging = null;
                    Map<String, Object> params = new LinkedHashMap<>();
                    params.put("tab_id", view.tabId);
                    params.put("path", d.path().stream().map(Long::valueOf).toList());
                    params.put("ratio", ratio);
                    actions.ask("tab.set_ratio", params, null);
                } else if (view.root != null) {
                    view.root = LayoutTree.withRatio(view.root, dragging.path(), ratio); // live, until the echo
                }
            } else if (captured != null) {
                forward = toCaptured(captured, m);
            } else if (m.y() == view.frame.rows() - 1) {
                if (m.leftPress() && !m.motion()) {
                    tab = tabAt(m.x()); // tmux selects a window clicked in its status line
                    String pane = paneAt(m.x());
                    if (pane != null) {
                        view.focus.move(pane); // as a click in the pane's cell would
                    }
                }
            } else {
                forward = inPanes(m);
            }
        }
        if (forward != null) {
            actions.writeTo(forward.paneId(), forward.bytes()); // a focus it moved has asked for its frame
        } else {
            view.changed();
        }
        if (tab >= 0) {
            actions.selectTab(tab); // asks the daemon: never with the monitor held, the reader needs it
        }
    }

    /** A report over the panes and dividers: the program's when it asked, else the view's. Holds the monitor. */
    private @Nullable Forward inPanes(InputDecoder.Mouse m) {
        LayoutTree.Divider d = m.leftPress() && !m.motion() && !view.zoomed ? view.geometry.dividerAt(m.x(), m.y()) : null;
        if (d != null) {
            dragging = d;
            return null;
        }
        LayoutTree.Cell cell = view.geometry.at(m.x(), m.y());
        if (cell == null) {
            return null;
        }
        PaneScreen p = view.panes.get(cell.paneId());
        MouseModes modes = programMouse(p, m);
        if (p != null && modes.tracking() != 0) {
            boolean press = !m.release() && !m.motion() && m.button() < 64; // not a wheel, which has no release
            if (press && (m.button() & 3) == 0) {
                view.focus.move(p.id); // tmux: select-pane, then send-keys -M (the click goes on too)
            }
            if (press && modes.tracking() != 9) {
                captured = p.id;
            }
            byte[] bytes = MouseReports.encode(modes, m, m.x() - cell.rect().x(), m.y() - cell.rect().y());
            return bytes == null ? null : new Forward(p.id, bytes);
        }
        if (m.wheelUp() || m.wheelDown()) {
            return wheel(cell, p, m);
        }
        if (m.leftPress() && !m.motion()) {
            view.focus.move(cell.paneId());
        }
        return null;
    }

    /** The drag or release after a forwarded press, at the nearest cell of the pane it started in. Holds the monitor. */
    private @Nullable Forward toCaptured(String paneId, InputDecoder.Mouse m) {
        if (m.release() && !m.motion()) {
            captured = null;
        }
        LayoutTree.Cell cell = view.geometry.cell(paneId);
        PaneScreen p = view.panes.get(paneId);
        MouseModes modes = programMouse(p, m);
        if (cell == null || p == null || modes.tracking() == 0) {
            captured = null; // the pane left the tab, or its program stopped listening
            return null;
        }
        LayoutTree.Rect r = cell.rect();
        int x = Math.clamp(m.x() - r.x(), 0, Math.max(0, r.w() - 1));
        int y = Math.clamp(m.y() - r.y(), 0, Math.max(0, r.h() - 1));
        byte[] bytes = MouseReports.encode(modes, m, x, y);
        return bytes == null ? null : new Forward(paneId, bytes);
    }

    /**
     * The mouse modes of the pane's program, or none when the view keeps the report: Shift held, the
     * pane in copy mode, a list or chooser drawn over the panes, the program gone. Holds the monitor.
     */
    private MouseModes programMouse(@Nullable PaneScreen p, InputDecoder.Mouse m) {
        CopyMode c = view.copy;
        if (p == null || p.exited || (m.button() & MouseReports.SHIFT) != 0 || view.chooser != null
                || view.textBox != null || (c != null && c.paneId.equals(p.id))) {
            return MouseModes.NONE;
        }
        return p.terminal().mouseModes();
    }

    /**
     * A wheel turn the program did not ask for: arrow keys for a program in the alternate screen (less,
     * man, a pager), as xterm's alternateScroll (mode 1007) does, unless the program reset that mode;
     * else copy mode. Holds the monitor.
     */
    private @Nullable Forward wheel(LayoutTree.Cell cell, @Nullable PaneScreen p, InputDecoder.Mouse m) {
        CopyMode c = view.copy;
        boolean inCopy = c != null && c.paneId.equals(cell.paneId());
        if (!inCopy && p != null && !p.exited && (m.button() & MouseReports.SHIFT) == 0) {
            Terminal t = p.terminal();
            if (t.altScreen() && t.mouseModes().alternateScroll()) {
                return new Forward(p.id, MouseReports.arrows(m.wheelUp(), t.cells().appCursorKeys()));
            }
        }
        copyWheel(cell, m.wheelUp() ? -MouseReports.LINES_PER_NOTCH : MouseReports.LINES_PER_NOTCH);
        return null;
    }

    /** The tab whose entry is drawn at column {@code x} of the status line, or -1. Holds the monitor. */
    private int tabAt(int x) {
        for (StatusLine.TabSpan span : view.spans.tabs()) {
            if (x >= span.from() && x < span.to()) {
                return span.index();
            }
        }
        return -1;
    }

    /** The pane whose name (or badges) is drawn at column {@code x} of the status line, or null. Holds the monitor. */
    private @Nullable String paneAt(int x) {
        for (StatusLine.PaneSpan span : view.spans.panes()) {
            if (x >= span.from() && x < span.to()) {
                return span.paneId();
            }
        }
        return null;
    }

    /** The wheel scrolls back through copy mode (entered on the first turn up, left at the bottom). */
    private void copyWheel(LayoutTree.Cell cell, int delta) {
        CopyMode c = view.copy;
        if (c == null || !c.paneId.equals(cell.paneId())) {
            if (delta > 0) {
                return;
            }
            view.focus.move(cell.paneId());
            String pane = cell.paneId();
            Thread.ofVirtual().start(() -> {
                actions.enterCopy(pane);
                synchronized (view) {
                    if (view.copy != null) {
                        view.copy.scroll(delta, cell.rect().h());
                    }
                }
                view.changed();
            });
            return;
        }
        if (c.scroll(delta, cell.rect().h()) && delta > 0) {
            view.copy = null;
        }
    }
}
