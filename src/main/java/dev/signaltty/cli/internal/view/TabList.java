package dev.signaltty.cli.internal.view;

import java.util.List;

/**
 * The workspace's tabs as the status line lists them, the way tmux's status bar lists windows:
 * {@code 0:shell* 1:agents- 2:review?#}. Flags after the name: {@code *} the tab shown, {@code -} the
 * tab shown before (tmux's last window), {@code Z} zoomed, {@code ?} a decision waits in it, {@code #}
 * a pane has unread output (tmux's activity flag), {@code X} a pane has exited; a name that ends in
 * one of those characters is quoted ({@link #shownName}). In a window too
 * narrow for all of them the list keeps the tab shown and its neighbours, with {@code <} and
 * {@code >} for the tabs left out on either side.
 */
final class TabList {

    /** The characters a flag can be: a name ending in one of them would read as if it had that flag. */
    static final String FLAG_CHARACTERS = "*-Z?#X";

    private TabList() {
    }

    /**
     * The name as the list shows it: in double quotes when it ends in a flag character (a tab named
     * {@code build-} would read as {@code build} shown before, {@code 1:"build-"} cannot) or starts
     * with a quote (so a quoted name is always one the list quoted); as it is otherwise, tmux's look.
     */
    static String shownName(String name) {
        boolean quote = !name.isEmpty() && (FLAG_CHARACTERS.indexOf(name.charAt(name.length() - 1)) >= 0 || name.charAt(0) == '"');
        return quote ? "\"" + name + "\"" : name;
    }

    /** What the view calls a tab: {@link dev.signaltty.cli.internal.FleetTree#tabShownAs}, as {@code ls} does. */
    static String displayed(String name, @org.jspecify.annotations.Nullable String focusedProgram) {
        return dev.signaltty.cli.internal.FleetTree.tabShownAs(name, focusedProgram);
    }

    /** One tab: its place (from 0), its name and its flags. */
    record Entry(int index, String name, boolean current, boolean last, boolean zoomed, boolean decision, boolean unread,
            boolean exited) {

        String flags() {
            return (current ? "*" : "") + (last ? "-" : "") + (zoomed ? "Z" : "") + (decision ? "?" : "")
                    + (unread ? "#" : "") + (exited ? "X" : "");
        }

        String text() {
            return index + ":" + shownName(name) + flags();
        }

        /** A tab that wants someone (a decision, unread output, an exited pane): drawn so it stands out. */
        boolean needsAttention() {
            return decision || unread || exited;
        }
    }

    /** The entries from {@code from} (inclusive) to {@code to} (exclusive) are shown. */
    record Fit(int from, int to) {
    }

    /**
     * The run of entries around the current one that fits {@code width} columns, entries one space
     * apart, with room for {@code <} / {@code >} (and their space) on a side that leaves some out.
     * The current entry is always in, even when it alone is too wide (the status line cuts it).
     */
    static Fit fit(List<Entry> entries, int width) {
        if (entries.isEmpty()) {
            return new Fit(0, 0);
        }
        int current = 0;
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).current()) {
                current = i;
            }
        }
        int from = current;
        int to = current + 1;
        // widen to the right first (tmux shows the windows after the current one), then to the left
        boolean grew = true;
        while (grew) {
            grew = false;
            if (to < entries.size() && width(entries, from, to + 1) <= width) {
                to++;
                grew = true;
            }
            if (from > 0 && width(entries, from - 1, to) <= width) {
                from--;
                grew = true;
            }
        }
        return new Fit(from, to);
    }

    /** Columns the entries [from, to) take, with the markers for what is left out. */
    static int width(List<Entry> entries, int from, int to) {
        int w = 0;
        for (int i = from; i < to; i++) {
            w += entries.get(i).text().length() + (i > from ? 1 : 0);
        }
        if (from > 0) {
            w += 2; // "< "
        }
        if (to < entries.size()) {
            w += 2; // " >"
        }
        return w;
    }

    /** The list as plain text (what {@link StatusLine} draws, without colours). */
    static String render(List<Entry> entries, int width) {
        Fit fit = fit(entries, width);
        StringBuilder out = new StringBuilder(fit.from() > 0 ? "< " : "");
        for (int i = fit.from(); i < fit.to(); i++) {
            out.append(i > fit.from() ? " " : "").append(entries.get(i).text());
        }
        return out.append(fit.to() < entries.size() ? " >" : "").toString();
    }
}
