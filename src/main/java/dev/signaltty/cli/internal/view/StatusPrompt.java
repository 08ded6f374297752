package dev.signaltty.cli.internal.view;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

/**
 * What the status line asks: text (rename, search, the {@code :} command prompt), or a y/n question
 * (close pane?). Enter hands the text on, Esc or C-c drop it, Tab completes where a completer is
 * given; for a question {@code y} runs it and any other key cancels. Guarded by the view's monitor.
 */
final class StatusPrompt {

    private @Nullable String label;
    private final StringBuilder text = new StringBuilder();
    private @Nullable Consumer<String> done;
    private @Nullable UnaryOperator<String> completer;
    private @Nullable Runnable confirm;
    /** Earlier answers, oldest first, that Up and Down bring back (the {@code :} prompt's); null: none. */
    private @Nullable List<String> history;
    private int historyAt;

    /** Asks for text after {@code label}, starting with {@code initial} (tmux's -I: the current name). */
    void ask(String label, String initial, Consumer<String> done, @Nullable UnaryOperator<String> completer) {
        this.label = label;
        text.setLength(0);
        text.append(initial);
        this.done = done;
        this.completer = completer;
        this.confirm = null;
    }

    /** Up and Down walk {@code past} (oldest first), as tmux's command prompt walks its history. */
    void history(List<String> past) {
        history = past;
        historyAt = past.size();
    }

    /** A y/n question: {@code yes} runs on y (after the monitor is let go). */
    void confirm(String question, Runnable yes) {
        ask(question, "", t -> { }, null);
        this.done = null;
        this.confirm = yes;
    }

    boolean open() {
        return label != null;
    }

    /** The label and the text typed so far, as the status line shows it; null when nothing is asked. */
    @Nullable String shown() {
        return label == null ? null : label + text;
    }

    private void close() {
        label = null;
        done = null;
        completer = null;
        confirm = null;
        history = null;
    }

    /** One key while the prompt is open; what runs after the monitor is let go, or null. Holds the monitor. */
    @Nullable Runnable key(InputDecoder.Key key) {
        byte first = key.raw()[0];
        if (confirm != null) {
            Runnable yes = confirm;
            close();
            return key.raw().length == 1 && (first == 'y' || first == 'Y') ? yes : null;
        }
        if (key.name().equals("Enter") || first == '\n') {
            String typed = text.toString();
            Consumer<String> then = done;
            close();
            return then == null ? null : () -> then.accept(typed); // in key order: a search lands before the next key
        }
        if (key.name().equals("Escape") || first == 0x03) {
            close();
        } else if (key.name().equals("Backspace")) {
            if (!text.isEmpty()) {
                text.setLength(text.length() - 1);
            }
        } else if ((key.name().equals("Up") || key.name().equals("Down")) && history != null) {
            historyAt = Math.max(0, Math.min(history.size(), historyAt + (key.name().equals("Up") ? -1 : 1)));
            text.setLength(0);
            text.append(historyAt < history.size() ? history.get(historyAt) : ""); // past the newest: empty again
        } else if (first == '\t') {
            if (completer != null) {
                String completed = completer.apply(text.toString());
                text.setLength(0);
                text.append(completed);
            }
        } else if ((first & 0xff) >= 0x20) {
            text.append(new String(key.raw(), StandardCharsets.UTF_8));
        }
        return null;
    }
}
