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
    sealed interface Translation permits PrefixKey, Line, Refusal, Resize, NewTab, SelectPane, KillPanes {
    }

    /** select-pane -t TARGET: the pane of the tab shown that {@link PaneTargets} finds by TARGET (ADR 1400). */
    record SelectPane(String target) implements Translation {
    }

    /**
     * kill-pane -t TARGET, or -a: every pane of the tab shown but TARGET (the focused pane when null), after one
     * question naming them (ADR 1400).
     */
    record KillPanes(@Nullable String target, boolean allBut) implements Translation {
    }

    /** resize-pane -L/-R/-U/-D N: the divider beside the focused pane moved by {@code cells}, as the resize keys. */
    record Resize(boolean vertical, int cells) implements Translation {
    }

    /**
     * new-window [-n NAME] [-c DIR] [COMMAND…]: a tab named NAME (else after its program) running COMMAND (else a
     * shell) in DIR (else the workspace's directory), DIR as typed ({@code #{pane_current_path}}, {@code ~}).
     */
    record NewTab(@Nullable String name, List<String> argv, @Nullable String directory) implements Translation {
    }

    /** The one tmux format a directory may hold here: the focused pane's directory now (tmux's most typed -c). */
    static final String CURRENT_PATH = "#{pane_current_path}";

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
            Map.entry("detach", "detach-client"), Map.entry("lsw", "list-windows"), Map.entry("lsp", "list-panes"),
            Map.entry("findw", "find-window"), Map.entry("capturep", "capture-pane"), Map.entry("clearhist", "clear-history"),
            Map.entry("source", "source-file"), Map.entry("set", "set-option"), Map.entry("setw", "set-window-option"),
            Map.entry("show", "show-options"), Map.entry("showw", "show-window-options"), Map.entry("bind", "bind-key"),
            Map.entry("unbind", "unbind-key"), Map.entry("send", "send-keys"), Map.entry("killses", "kill-session"), Map.entry("new", "new-session"), Map.entry("joinp", "join-pane"),
            Map.entry("movep", "move-pane"), Map.entry("swapw", "swap-window"), Map.entry("movew", "move-window"),
            Map.entry("popup", "display-popup"), Map.entry("ls", "list-sessions"));

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
            case "kill-pane" -> killPane(args);
            case "kill-window" -> bare(name, args, '&', "the tab shown, after y; another tab: tab close TAB");
            case "new-window" -> newWindow(args);
            case "next-window" -> bare(name, args, 'n', "the next tab");
            case "previous-window" -> bare(name, args, 'p', "the previous tab");
            case "last-window" -> bare(name, args, 'l', "the tab shown before");
            case "last-pane" -> bare(name, args, ';', "the pane focused before");
            case "break-pane" -> bare(name, args, '!', "the focused pane into a new tab");
            case "next-layout" -> bare(name, args, ' ', "the next layout");
            case "display-panes" -> bare(name, args, 'q', "the pane numbers; a digit focuses that pane");
            case "copy-mode" -> args.equals(List.of("-u")) ? new PrefixKey(new InputDecoder.Key("\u001b[5~".getBytes(
                    StandardCharsets.US_ASCII), "PageUp")) : bare(name, args, '[', "copy mode (-u: a page up)");
            case "paste-buffer" -> bare(name, args, ']', "what copy mode copied last, into the focused pane");
            case "choose-tree" -> bare(name, args, 's', "the fleet chooser");
            case "list-keys" -> bare(name, args, '?', "the key list");
            case "refresh-client" -> bare(name, args, 'r', "a redraw, the terminal's colours asked again");
            case "respawn-pane" -> bare(name, args, 'R', "the focused pane's program, once it exited");
            case "display-message" -> args.isEmpty() ? key('i') : new Refusal("display-message here shows the focused pane's "
                    + "names and ids, without a format");
            case "select-pane" -> selectPane(args);
            case "resize-pane" -> resizePane(args);
            case "swap-pane" -> args.equals(List.of("-U")) ? key('{') : args.equals(List.of("-D")) ? key('}')
                    : new Refusal("swap-pane here is -U or -D; another pane: pane swap PANE");
            case "rotate-window" -> args.isEmpty() || args.equals(List.of("-U")) ? key((char) 0x0f)
                    : args.equals(List.of("-D")) ? new PrefixKey(new InputDecoder.Key(new byte[] {0x1b, 'o'}, ""))
                    : new Refusal("rotate-window here is -U or -D");
            case "select-layout" -> args.size() == 1 ? new Line(List.of("tab", "set-layout", args.getFirst()))
                    : new Refusal("select-layout LAYOUT: even-horizontal, even-vertical, main-horizontal, main-vertical, tiled");
            case "rename-window" -> args.isEmpty() ? key(',') : line("tab", "rename", args);
            case "rename-session" -> args.isEmpty() ? key('$') : line("workspace", "rename", args);
            case "select-window" -> selectWindow(args);
            case "detach-client" -> new Refusal("detach with the prefix then d");
            // the lists and choosers tmux users type (ADR 1224): the view's own, or the signaltty command that lists
            case "list-windows" -> new Line(List.of("tab", "list"));
            case "list-panes" -> new Line(List.of("pane", "list"));
            case "list-sessions" -> new Line(List.of("ls"));
            case "choose-window" -> key('w');
            case "choose-session", "choose-client" -> key('s');
            case "find-window" -> key('f');
            case "command-prompt" -> key(':');
            case "capture-pane" -> new Line(List.of("pane", "read"));
            case "clear-history" -> new Line(List.of("pane", "clear"));
            case "source-file", "set-option", "set-window-option", "show-options", "show-window-options", "bind-key",
                 "unbind-key" -> new Refusal(name + ": there is no tmux configuration here; the prefix is --prefix or "
                    + "$SIGNALTTY_PREFIX, the keys are the view's (prefix ? lists them)");
            case "send-keys" -> new Refusal("send-keys here: pane write TEXT (the focused pane), or type into the pane");
            case "kill-session" -> new Refusal("kill-session here: workspace close (every tab and pane of it ends)");
            case "new-session" -> new Refusal("a new workspace: signaltty new [name] -- <command>, from a shell");
            case "kill-server" -> new Refusal("kill-server here: signaltty server stop, from a shell (every pane ends)");
            case "join-pane", "move-pane" -> new Refusal(name + " here: pane move PANE TARGET [--direction left|up]");
            case "swap-window", "move-window" -> new Refusal(name + ": tabs keep their order here; break a pane out "
                    + "with the prefix then !");
            case "display-popup" -> new Refusal("display-popup: no popups here; a new pane: split-window");
            default -> null;
        };
    }

    /**
     * A command the view does with one key and no options. With options it is refused, never done without
     * them: {@code kill-window -a} (every other tab) must not close the tab shown (ADR 1321).
     */
    private static Translation bare(String name, List<String> args, char key, String what) {
        return args.isEmpty() ? key(key)
                : new Refusal(name + " here takes no options (" + String.join(" ", args) + "): it does " + what);
    }

    /** new-window [-n NAME] [-c DIR] [COMMAND…], tmux's options people type; others refused. */
    private static Translation newWindow(List<String> args) {
        String name = null;
        String directory = null;
        int i = 0;
        for (; i < args.size() && args.get(i).startsWith("-"); i++) {
            if (args.get(i).equals("-n") && i + 1 < args.size()) {
                name = args.get(++i);
            } else if (args.get(i).equals("-c") && i + 1 < args.size()) {
                directory = args.get(++i);
                if (unknownFormat(directory)) {
                    return formatRefused("new-window");
                }
            } else {
                return new Refusal("new-window here takes -n NAME, -c DIR and a command; more with pane spawn (--env)");
            }
        }
        return new NewTab(name, List.copyOf(args.subList(i, args.size())), directory);
    }

    /** A directory with a tmux format other than {@link #CURRENT_PATH}, which nothing here would expand. */
    private static boolean unknownFormat(String directory) {
        return directory.replace(CURRENT_PATH, "").contains("#{");
    }

    private static Refusal formatRefused(String name) {
        return new Refusal(name + " -c: of tmux's formats only " + CURRENT_PATH + " is known here; or a directory");
    }

    /**
     * kill-pane: alone the prefix then x (it asks); -a every other pane, -t TARGET that pane, each after a question
     * here (tmux asks nothing at its prompt; a pane may hold an agent's hours of work).
     */
    private static Translation killPane(List<String> args) {
        if (args.isEmpty()) {
            return key('x');
        }
        String target = null;
        boolean allBut = false;
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("-a")) {
                allBut = true;
            } else if (args.get(i).equals("-t") && i + 1 < args.size() && target == null) {
                target = args.get(++i);
            } else {
                return new Refusal("kill-pane here is alone (the focused pane), -a (every other pane) or -t PANE "
                        + "(a number the prefix then q shows, a pane id or name)");
            }
        }
        return new KillPanes(target, allBut);
    }

    /** resize-pane -Z (zoom), or -L / -R / -U / -D and a number of cells (1 without), as tmux's. */
    private static Translation resizePane(List<String> args) {
        if (args.equals(List.of("-Z"))) {
            return key('z');
        }
        String usage = "resize-pane here is -Z, or -L, -R, -U or -D and a number of cells (the prefix then C-arrows: 1, M-arrows: 5)";
        if (args.isEmpty() || args.size() > 2) {
            return new Refusal(usage);
        }
        int cells = 1;
        if (args.size() == 2) {
            if (!args.get(1).matches("[0-9]{1,4}")) {
                return new Refusal(usage);
            }
            cells = Integer.parseInt(args.get(1));
        }
        return switch (args.getFirst()) {
            case "-L" -> new Resize(true, -cells);
            case "-R" -> new Resize(true, cells);
            case "-U" -> new Resize(false, -cells);
            case "-D" -> new Resize(false, cells);
            default -> new Refusal(usage);
        };
    }

    /**
     * split-window: -h beside, -v (tmux's default) below, -c DIR where it starts (pane split's --cwd, DIR as typed:
     * {@link #CURRENT_PATH} is expanded by the prompt); a command after the flags runs in the new pane.
     */
    private static Translation split(List<String> args) {
        String direction = "down";
        String directory = null;
        int i = 0;
        for (; i < args.size() && args.get(i).startsWith("-"); i++) {
            switch (args.get(i)) {
                case "-h" -> direction = "right";
                case "-v" -> direction = "down";
                case "-c" -> {
                    if (i + 1 == args.size()) {
                        return new Refusal("split-window -c DIR: the directory is missing");
                    }
                    directory = args.get(++i);
                    if (unknownFormat(directory)) {
                        return formatRefused("split-window");
                    }
                }
                default -> {
                    return new Refusal("split-window here takes -h, -v, -c DIR and a command; more with pane split (--ratio)");
                }
            }
        }
        List<String> out = new ArrayList<>(List.of("pane", "split", "--direction", direction));
        if (directory != null) {
            out.addAll(List.of("--cwd", directory));
        }
        if (i < args.size()) {
            out.add("--");
            out.addAll(args.subList(i, args.size()));
        }
        return new Line(out);
    }

    /** select-window -t N (0-9), -n / -p / -l: the next, previous, last tab, as the prefix then n, p, l. */
    private static Translation selectWindow(List<String> args) {
        if (args.size() == 2 && args.getFirst().equals("-t") && args.get(1).matches("[0-9]")) {
            return key(args.get(1).charAt(0));
        }
        if (args.size() == 1) {
            switch (args.getFirst()) {
                case "-n" -> {
                    return key('n');
                }
                case "-p" -> {
                    return key('p');
                }
                case "-l" -> {
                    return key('l');
                }
                default -> {
                    // refused below
                }
            }
        }
        return new Refusal("select-window -t N (0-9), -n, -p or -l; a tab past 9: the prefix then '");
    }

    /**
     * select-pane -L / -R / -U / -D: the arrow after the prefix; -l the last pane; -t TARGET a pane of the tab shown
     * (its number as the prefix then q shows it, :.+ / :.- the next / previous, a pane id or name).
     */
    private static Translation selectPane(List<String> args) {
        if (args.size() == 2 && args.getFirst().equals("-t")) {
            return new SelectPane(args.get(1));
        }
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
            return new Refusal("select-pane here is -L, -R, -U, -D, -l or -t PANE (a number the prefix then q shows, "
                    + ":.+ or :.-, a pane id or name)");
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
