package dev.signaltty.cli.internal.view;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * tmux's own commands at the view's {@code :} prompt (ADR 1131): a tmux user's fingers type
 * {@code split-window -h}, {@code kill-pane} or {@code select-layout tiled} there, and the prompt took only
 * signaltty's commands ({@code unknown command 'split-window'}). Each tmux command the view has a key for
 * becomes that key after the prefix (tmux's default bindings are the same pairs: {@code bind % split-window
 * -h}); one that takes a name becomes the signaltty command that does it. What the view cannot do is named
 * with what does it instead. Names and their tmux aliases ({@code splitw}, {@code killp}, …) as tmux 3.3
 * lists them.
 */
final class TmuxCommands {

    /** What a tmux command line becomes. */
    sealed interface Translation permits PrefixKey, Line, Refusal {
    }

    /** The key after the prefix that does the command. */
    record PrefixKey(InputDecoder.Key key) implements Translation {
    }

    /** The signaltty command that does it, as words for the prompt. */
    record Line(List<String> words) implements Translation {
    }

    /** Not in the view: what to use instead, for the status line. */
    record Refusal(String message) implements Translation {
    }

    /** tmux's alias → the command's name. */
    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("splitw", "split-window"), Map.entry("killp", "kill-pane"), Map.entry("killw", "kill-window"),
            Map.entry("neww", "new-window"), Map.entry("next", "next-window"), Map.entry("prev", "previous-window"),
            Map.entry("last", "last-window"), Map.entry("lastp", "last-pane"), Map.entry("selectp", "select-pane"),
            Map.entry("resizep", "resize-pane"), Map.entry("breakp", "break-pane"), Map.entry("swapp", "swap-pane"),
            Map.entry("rotatew", "rotate-window"), Map.entry("nextl", "next-layout"), Map.entry("selectl", "select-layout"),
            Map.entry("renamew", "rename-window"), Map.entry("rename", "rename-session"), Map.entry("displayp", "display-panes"),
            Map.entry("pasteb", "paste-buffer"), Map.entry("lsk", "list-keys"), Map.entry("display", "display-message"),
            Map.entry("refresh", "refresh-client"), Map.entry("respawnp", "respawn-pane"), Map.entry("selectw", "select-window"),
            Map.entry("detach", "detach-client"));

    private TmuxCommands() {
    }

    /** The translation of {@code words} when its first word is a tmux command's name, else null. */
    static @Nullable Translation of(List<String> words) {
        if (words.isEmpty()) {
            return null;
        }
        String name = ALIASES.getOrDefault(words.getFirst(), words.getFirst());
        List<String> args = words.subList(1, words.size());
        return switch (name) {
            case "split-window" -> split(args);
            case "kill-pane" -> key('x');
            case "kill-window" -> key('&');
            case "new-window" -> key('c');
            case "next-window" -> key('n');
            case "previous-window" -> key('p');
            case "last-window" -> key('l');
            case "last-pane" -> key(';');
            case "break-pane" -> key('!');
            case "next-layout" -> key(' ');
            case "display-panes" -> key('q');
            case "copy-mode" -> key('[');
            case "paste-buffer" -> key(']');
            case "choose-tree" -> key('s');
            case "list-keys" -> key('?');
            case "refresh-client" -> key('r');
            case "respawn-pane" -> key('R');
            case "display-message" -> args.isEmpty() ? key('i') : new Refusal("display-message here shows the focused pane's "
                    + "names and ids, without a format");
            case "select-pane" -> selectPane(args);
            case "resize-pane" -> args.equals(List.of("-Z")) ? key('z')
                    : new Refusal("resize-pane here is -Z (zoom); resize with the prefix then C-arrows (1) or M-arrows (5)");
            case "swap-pane" -> args.equals(List.of("-U")) ? key('{') : args.equals(List.of("-D")) ? key('}')
                    : new Refusal("swap-pane here is -U or -D; another pane: pane swap PANE");
            case "rotate-window" -> args.isEmpty() || args.equals(List.of("-U")) ? key((char) 0x0f)
                    : args.equals(List.of("-D")) ? new PrefixKey(new InputDecoder.Key(new byte[] {0x1b, 'o'}, ""))
                    : new Refusal("rotate-window here is -U or -D");
            case "select-layout" -> args.size() == 1 ? new Line(List.of("tab", "set-layout", args.getFirst()))
                    : new Refusal("select-layout LAYOUT: even-horizontal, even-vertical, main-horizontal, main-vertical, tiled");
            case "rename-window" -> args.isEmpty() ? key(',') : line("tab", "rename", args);
            case "rename-session" -> args.isEmpty() ? key('$') : line("workspace", "rename", args);
            case "select-window" -> args.size() == 2 && args.getFirst().equals("-t") && args.get(1).matches("[0-9]")
                    ? key(args.get(1).charAt(0)) : new Refusal("select-window -t N (0-9); a tab past 9: the prefix then '");
            case "detach-client" -> new Refusal("detach with the prefix then d");
            default -> null;
        };
    }

    /** split-window: -h beside, -v (tmux's default) below; a command after the flags runs in the new pane. */
    private static Translation split(List<String> args) {
        String direction = "down";
        int i = 0;
        for (; i < args.size() && args.get(i).startsWith("-"); i++) {
            switch (args.get(i)) {
                case "-h" -> direction = "right";
                case "-v" -> direction = "down";
                default -> {
                    return new Refusal("split-window here takes -h or -v and a command; more with pane split (--ratio, --cwd)");
                }
            }
        }
        List<String> out = new ArrayList<>(List.of("pane", "split", "--direction", direction));
        if (i < args.size()) {
            out.add("--");
            out.addAll(args.subList(i, args.size()));
        }
        return new Line(out);
    }

    /** select-pane -L / -R / -U / -D: the arrow after the prefix; -l the last pane. */
    private static Translation selectPane(List<String> args) {
        String arrow = args.size() != 1 ? "" : switch (args.getFirst()) {
            case "-L" -> "D";
            case "-R" -> "C";
            case "-U" -> "A";
            case "-D" -> "B";
            case "-l" -> ";";
            default -> "";
        };
        if (arrow.equals(";")) {
            return key(';');
        }
        if (arrow.isEmpty()) {
            return new Refusal("select-pane here is -L, -R, -U, -D or -l; a pane by id: tab focus PANE");
        }
        String name = switch (arrow) {
            case "D" -> "Left";
            case "C" -> "Right";
            case "A" -> "Up";
            default -> "Down";
        };
        return new PrefixKey(new InputDecoder.Key(("\u001b[" + arrow).getBytes(StandardCharsets.US_ASCII), name));
    }

    private static PrefixKey key(char c) {
        return new PrefixKey(new InputDecoder.Key(new byte[] {(byte) c}, ""));
    }

    private static Line line(String noun, String verb, List<String> args) {
        List<String> out = new ArrayList<>(List.of(noun, verb));
        out.addAll(args);
        return new Line(out);
    }
}
