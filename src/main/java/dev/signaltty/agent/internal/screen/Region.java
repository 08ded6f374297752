package dev.signaltty.agent.internal.screen;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The part of the screen a rule's regex is matched against (docs/agents.md, "Screen rules"):
 * <ul>
 *   <li>{@code last_lines} (with {@code lines}, 1–50, default 1): the last N non-empty rows, joined by newlines;</li>
 *   <li>{@code screen}: every visible row;</li>
 *   <li>{@code prompt_box}: the rows inside the bottom-most box drawn with {@code ╭╮╰╯} / {@code ┌┐└┘},
 *       side borders stripped — where gemini-cli, opencode and Claude Code draw their input;</li>
 *   <li>{@code title}: the OSC 0/2 window title; {@code progress}: the OSC 9;4 progress
 *       ({@code normal 40}, {@code indeterminate}, …; empty when none).</li>
 * </ul>
 */
record Region(Kind kind, int lines) {

    static final int MAX_LINES = 50;

    enum Kind {
        LAST_LINES, SCREEN, PROMPT_BOX, TITLE, PROGRESS;

        String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How explain and the event's detail name the region: {@code last_lines:3}, {@code prompt_box}. */
    String label() {
        return kind == Kind.LAST_LINES ? kind.wire() + ":" + lines : kind.wire();
    }

    String text(ScreenSnapshot snapshot) {
        return switch (kind) {
            case LAST_LINES -> String.join("\n", lastNonEmpty(snapshot.rows(), lines));
            case SCREEN -> String.join("\n", snapshot.rows());
            case PROMPT_BOX -> String.join("\n", promptBox(snapshot.rows()));
            case TITLE -> snapshot.title();
            case PROGRESS -> snapshot.progress();
        };
    }

    private static List<String> lastNonEmpty(List<String> rows, int n) {
        List<String> out = new ArrayList<>(n);
        for (int i = rows.size() - 1; i >= 0 && out.size() < n; i--) {
            if (!rows.get(i).isBlank()) {
                out.add(rows.get(i));
            }
        }
        Collections.reverse(out);
        return out;
    }

    private static List<String> promptBox(List<String> rows) {
        for (int bottom = rows.size() - 1; bottom > 0; bottom--) {
            if (!startsWith(rows.get(bottom), '╰', '└')) {
                continue;
            }
            for (int top = bottom - 1; top >= 0; top--) {
                if (startsWith(rows.get(top), '╭', '┌')) {
                    List<String> inside = new ArrayList<>();
                    for (int y = top + 1; y < bottom; y++) {
                        inside.add(stripBorders(rows.get(y)));
                    }
                    return inside;
                }
            }
            return List.of();
        }
        return List.of();
    }

    private static boolean startsWith(String row, char round, char square) {
        String t = row.stripLeading();
        return !t.isEmpty() && (t.charAt(0) == round || t.charAt(0) == square);
    }

    private static String stripBorders(String row) {
        String t = row.strip();
        if (t.startsWith("│")) {
            t = t.substring(1);
        }
        if (t.endsWith("│")) {
            t = t.substring(0, t.length() - 1);
        }
        return t.strip();
    }
}
