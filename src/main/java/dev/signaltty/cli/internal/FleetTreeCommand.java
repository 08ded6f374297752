package dev.signaltty.cli.internal;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.OpenDescriptors;

/**
 * {@code signaltty ls}: the daemon's fleet as a tree, tmux's {@code ls} meeting herdr's sidebar. One
 * line per workspace (name, id, checkout), per tab ({@code index:name}) and per pane: its name, what
 * it is doing (the agent's lifecycle, else running or exited with its code), what it needs from you,
 * its program, and the question of a decision that waits. Coloured only when stdout is a terminal and
 * NO_COLOR is unset; {@code --json} prints {@link FleetTree#toJson()}.
 */
public final class FleetTreeCommand {

    /** Longest program and question shown; the rest is cut with an ellipsis (--json has them whole). */
    static final int MAX_ARGV = 40;
    static final int MAX_QUESTION = 60;
    static final int MAX_TITLE = 24;
    /** Characters that make a word of the program's argv be shown in single quotes. */
    private static final String SHELL_SYNTAX = "'\"\\$`;&|<>()*?";

    private final PrintStream out;
    private final Function<String, @Nullable String> env;

    public FleetTreeCommand(PrintStream out, Function<String, @Nullable String> env) {
        this.out = out;
        this.env = env;
    }

    /** {@code ls [workspace]}: the workspace (id or handle, resolved by the daemon) alone, else the fleet. */
    int run(Daemon daemon, ArgParser.Invocation inv, PrintStream err) {
        FleetTree fleet;
        try (Client client = daemon.connect(inv.options().noStart(), err)) {
            fleet = FleetTree.load(client::callAll, (String) inv.params().get("workspace_id"));
        }
        if (inv.options().json()) {
            out.println(Json.write(fleet.toJson()));
        } else {
            out.print(text(fleet, true));
        }
        return 0;
    }

    /**
     * The tree as this command prints it on its stdout: coloured on a terminal; checkouts under the home
     * directory as {@code ~/…} when {@code here} (a remote host's are under its own home, not this one's).
     */
    public String text(FleetTree fleet, boolean here) {
        return text(fleet, colour(), here ? env.apply("HOME") : null);
    }

    /** Colour when stdout is a terminal, NO_COLOR (no-color.org) is unset and TERM is not dumb. */
    boolean colour() {
        String noColor = env.apply("NO_COLOR");
        if (noColor != null && !noColor.isEmpty() || "dumb".equals(env.apply("TERM"))) {
            return false;
        }
        String stdout = OpenDescriptors.target(1);
        return stdout != null && (stdout.startsWith("/dev/pts/") || stdout.startsWith("/dev/tty"));
    }

    /** The tree as text; {@code colour} adds SGR sequences around the words, never inside the columns' padding. */
    static String text(FleetTree fleet, boolean colour, @Nullable String home) {
        if (fleet.workspaces().isEmpty()) {
            return "no workspaces (signaltty new [name] -- <command> starts one)\n";
        }
        Sgr sgr = new Sgr(colour);
        int titleWidth = 0;
        int stateWidth = 0;
        int attentionWidth = 0;
        int panes = 0;
        int needYou = 0;
        int decisions = 0;
        for (FleetTree.Workspace w : fleet.workspaces()) {
            for (FleetTree.Tab t : w.tabs()) {
                for (FleetTree.Pane p : t.panes()) {
                    titleWidth = Math.max(titleWidth, shown(p.title(), MAX_TITLE).length() + 1);
                    stateWidth = Math.max(stateWidth, state(p).length());
                    attentionWidth = Math.max(attentionWidth, "none".equals(p.attention()) ? 0 : p.attention().length());
                    panes++;
                    needYou += p.needsYou() ? 1 : 0;
                    decisions += p.decision() != null ? 1 : 0;
                }
            }
        }
        StringBuilder b = new StringBuilder();
        for (FleetTree.Workspace w : fleet.workspaces()) {
            b.append(sgr.on("1;36", Output.visible(w.name()))).append("  ").append(sgr.on("2", w.id()));
            if (!w.handle().equals(w.name())) {
                b.append("  handle ").append(Output.visible(w.handle()));
            }
            if (!w.cwd().isEmpty()) {
                String cwd = home != null && home.length() > 1 && w.cwd().startsWith(home + "/") ? "~" + w.cwd().substring(home.length())
                        : w.cwd();
                b.append("  ").append(sgr.on("2", Output.visible(cwd)));
            }
            b.append('\n');
            if (w.tabs().isEmpty()) {
                b.append("  (no tabs)\n");
            }
            for (FleetTree.Tab t : w.tabs()) {
                b.append("  ").append(sgr.on("1", t.index() + ":" + Output.visible(t.shownName())));
                if (!t.shownName().equals(t.name())) {
                    // shown by its program as the view's status line shows it; the name to type beside (ADR 1301)
                    b.append("  ").append(sgr.on("2", "named " + Output.visible(t.name())));
                }
                b.append(t.panes().isEmpty() ? "  (no panes)" : "").append('\n');
                for (FleetTree.Pane p : t.panes()) {
                    b.append("    ");
                    String title = (p.id().equals(t.focusedPaneId()) ? "*" : " ") + shown(p.title(), MAX_TITLE);
                    b.append(Output.pad(title, titleWidth)).append("  ");
                    // the id beside what the pane is called, to type it (ADR 1221): ids are all one length
                    b.append(sgr.on("2", p.id())).append("  ");
                    String state = state(p);
                    b.append(sgr.on(stateSgr(p), state)).append(" ".repeat(stateWidth - state.length()));
                    if (attentionWidth > 0) {
                        String attention = "none".equals(p.attention()) ? "" : p.attention();
                        b.append("  ").append(sgr.on(attentionSgr(p.attention()), attention))
                                .append(" ".repeat(attentionWidth - attention.length()));
                    }
                    b.append("  ").append(shown(argv(p.argv()), MAX_ARGV));
                    if (p.decision() != null) {
                        b.append("  ").append(sgr.on("1;31", "?")).append(' ').append(shown(p.decision().question(), MAX_QUESTION));
                    } else if (p.attentionMessage() != null && !"none".equals(p.attention())) {
                        b.append("  \"").append(shown(p.attentionMessage(), MAX_QUESTION)).append('"');
                    }
                    trimEnd(b);
                    b.append('\n');
                }
            }
        }
        b.append(count(fleet.workspaces().size(), "workspace")).append(", ").append(count(panes, "pane"));
        if (needYou > 0) {
            b.append("; ").append(sgr.on("1;31", needYou + " need" + (needYou == 1 ? "s" : "") + " you"));
            if (decisions > 0) {
                b.append(" (").append(count(decisions, "decision")).append(')');
            }
        }
        return b.append('\n').toString();
    }

    /** What a pane is doing: exited with its code, else its agent's lifecycle, else running. */
    static String state(FleetTree.Pane p) {
        if (p.exited()) {
            return p.exitCode() == null ? "exited" : "exited " + p.exitCode();
        }
        return "unknown".equals(p.lifecycle()) ? p.status() : p.lifecycle();
    }

    /** The status line's lifecycle colours, as foreground colours. */
    private static String stateSgr(FleetTree.Pane p) {
        return switch (p.exited() ? "exited" : p.lifecycle()) {
            case "idle" -> "34";
            case "working" -> "33";
            case "blocked" -> "1;31";
            case "done" -> "32";
            case "exited" -> "90";
            default -> "";
        };
    }

    private static String attentionSgr(String attention) {
        return switch (attention) {
            case "unread" -> "35";
            case "input_required", "permission_required" -> "1;31";
            default -> "";
        };
    }

    /**
     * The argv as a shell would take it back (a word with blanks or quotes in single quotes), the program
     * by its file name: {@code claude}, not the path it was started by (--json has the path).
     */
    static String argv(List<String> argv) {
        List<String> words = new ArrayList<>();
        for (String a : argv) {
            if (words.isEmpty() && a.indexOf('/') >= 0 && !a.endsWith("/")) {
                a = a.substring(a.lastIndexOf('/') + 1);
            }
            words.add(needsQuotes(a) ? "'" + a.replace("'", "'\\''") + "'" : a);
        }
        return String.join(" ", words);
    }

    /**
     * Empty, or holding a blank or a character the shell would take as syntax. A loop, not String.matches:
     * that compiles its pattern on every call, and the tree of 200 panes spent ~20 ms of its one-shot start
     * on it (ADR 0930).
     */
    static boolean needsQuotes(String word) {
        if (word.isEmpty()) {
            return true;
        }
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (Character.isWhitespace(c) || SHELL_SYNTAX.indexOf(c) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Text from the daemon as one line of at most {@code max} characters, its control characters visible. */
    static String shown(String s, int max) {
        return Output.cut(Output.visible(s.replace('\n', ' ').replace('\r', ' ')), max);
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    private static void trimEnd(StringBuilder b) {
        while (!b.isEmpty() && b.charAt(b.length() - 1) == ' ') {
            b.setLength(b.length() - 1);
        }
    }

    /** SGR around a word when colour is on. */
    private record Sgr(boolean on) {
        String on(String code, String text) {
            return !on || code.isEmpty() || text.isEmpty() ? text : "\u001b[" + code + "m" + text + "\u001b[0m";
        }
    }
}
