package dev.signaltty.cli.internal.view;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * What the status line asks: text (rename, search, the {@code :} command prompt), or a y/n question
 * (close pane?). Enter hands the text on, Esc or C-c drop it, Tab completes where a completer is
 * given (and, when the word could go several ways, shows them after the text, as a shell's second Tab
 * would), C-u empties the line and C-w drops the word before the cursor, as in tmux's prompt and readline;
 * for a question {@code y} runs it and any other key cancels. Guarded by the view's monitor.
 */
final class StatusPrompt {

    /** What Tab made of the text, and the words it could still become (shown when Tab made no progress). */
    record Completion(String text, List<String> choices) {
    }

    private @Nullable String label;
    private final StringBuilder text = new StringBuilder();
    private @Nullable Consumer<String> done;
    private @Nullable Function<String, Completion> completer;
    /** The choices the last Tab could not decide between, shown after the text until the next key. */
    private String hint = "";
    private @Nullable Runnable confirm;
    /** Earlier answers, oldest first, that Up and Down bring back (the {@code :} prompt's); null: none. */
    private @Nullable List<String> history;
    private int historyAt;

    /** Asks for text after {@code label}, starting with {@code initial} (tmux's -I: the current name). */
    void ask(String label, String initial, Consumer<String> done, @Nullable Function<String, Completion> completer) {
        this.label = label;
        this.hint = "";
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
        return label == null ? null : label + text + hint;
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
        hint = "";
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
                text.setLength(text.offsetByCodePoints(text.length(), -1)); // a whole character, never half an emoji
            }
        } else if (first == 0x15) { // C-u
            text.setLength(0);
        } else if (first == 0x17) { // C-w: the spaces before the cursor, then the word
            int end = text.length();
            while (end > 0 && text.charAt(end - 1) == ' ') {
                end--;
            }
            while (end > 0 && text.charAt(end - 1) != ' ') {
                end--;
            }
            text.setLength(end);
        } else if ((key.name().equals("Up") || key.name().equals("Down")) && history != null) {
            historyAt = Math.max(0, Math.min(history.size(), historyAt + (key.name().equals("Up") ? -1 : 1)));
            text.setLength(0);
            text.append(historyAt < history.size() ? history.get(historyAt) : ""); // past the newest: empty again
        } else if (first == '\t') {
            if (completer != null) {
                Completion completed = completer.apply(text.toString());
                if (completed.text().contentEquals(text) && completed.choices().size() > 1) {
                    hint = "  [" + String.join(" ", completed.choices()) + "]";
                }
                text.setLength(0);
                text.append(completed.text());
            }
        } else if ((first & 0xff) >= 0x20) {
            text.append(new String(key.raw(), StandardCharsets.UTF_8));
        }
        return null;
    }
}
