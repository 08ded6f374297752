package dev.signaltty.cli.internal.view;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * tmux's {@code -t} for a pane at the view's {@code :} prompt ({@code select-pane -t 1}, {@code kill-pane -t 2};
 * ADR 1400), within the tab shown: a number as the prefix then {@code q} shows it (layout order from 0, tmux's
 * pane-base-index 0), {@code :.+} / {@code :.-} the next / previous pane round the end (the order {@code o}
 * walks), {@code :.!} the last pane, {@code :.} the focused one, or a pane's id or name. The {@code :} and the
 * {@code .} may be left out ({@code .+}, {@code +}), as tmux takes them. A window part ({@code :1}, {@code work:1.2})
 * finds nothing: a pane here is one of the tab shown.
 */
final class PaneTargets {

    private PaneTargets() {
    }

    /**
     * The id of the pane {@code target} names among {@code order} (the tab's panes in layout order), or null when it
     * names none. {@code focus} and {@code last} are the focused pane and the one focused before; {@code names} a
     * pane id's name, for the panes that have one.
     */
    static @Nullable String find(String target, List<String> order, @Nullable String focus, @Nullable String last,
                                 Map<String, String> names) {
        String pane = target.startsWith(":.") ? target.substring(2) : target.startsWith(".") ? target.substring(1) : target;
        int at = focus == null ? -1 : order.indexOf(focus);
        return switch (pane) {
            case "" -> at < 0 ? null : focus;
            case "+" -> at < 0 ? null : order.get(Math.floorMod(at + 1, order.size()));
            case "-" -> at < 0 ? null : order.get(Math.floorMod(at - 1, order.size()));
            case "!" -> last != null && order.contains(last) ? last : null;
            default -> {
                if (pane.matches("[0-9]{1,4}")) {
                    int index = Integer.parseInt(pane);
                    yield index < order.size() ? order.get(index) : null;
                }
                if (order.contains(pane)) {
                    yield pane;
                }
                for (String id : order) {
                    if (pane.equals(names.get(id))) {
                        yield id;
                    }
                }
                yield null;
            }
        };
    }
}
