package dev.signaltty.cli.view;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A private tmux server (its own {@code -S} socket in a temp dir, never the default server) playing
 * the user's terminal at a fixed size: the view runs in its one pane, keys go in with
 * {@code send-keys}, and {@code capture-pane} shows what a person would see. Public for the view tests
 * of other packages (a real {@code server restart} needs the CLI harness of {@code dev.signaltty.cli}).
 */
public final class OuterTmux implements AutoCloseable {

    private final String tmux;
    private final Path socket;

    private OuterTmux(String tmux, Path socket) {
        this.tmux = tmux;
        this.socket = socket;
    }

    /** Starts tmux at cols × rows running {@code sh script}. */
    public static OuterTmux start(Path dir, int cols, int rows, Path script) throws IOException {
        String tmux = onPath("tmux");
        if (tmux == null) {
            throw new AssertionError("tmux is not on PATH: the view tests need it (.ci/run installs it)");
        }
        OuterTmux t = new OuterTmux(tmux, dir.resolve("tmux.sock"));
        t.run("-f", "/dev/null", "new-session", "-d", "-x", String.valueOf(cols), "-y", String.valueOf(rows),
                "sh " + script);
        t.run("set", "-g", "status", "off");
        t.run("set", "-g", "set-clipboard", "on");
        return t;
    }

    static String onPath(String name) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    /** Keys by tmux name (C-b, Left, Enter …). */
    public void keys(String... keys) {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", "0"));
        args.addAll(List.of(keys));
        run(args.toArray(String[]::new));
    }

    /** Bytes as they are (text, or an SGR mouse report). */
    public void literal(String text) {
        run("send-keys", "-t", "0", "-l", text);
    }

    public String capture() {
        return run("capture-pane", "-p", "-t", "0");
    }

    /** The screen with its colours and attributes as SGR sequences (tmux's {@code capture-pane -e}). */
    String captureStyled() {
        return run("capture-pane", "-p", "-e", "-t", "0");
    }

    /** Waits until the screen satisfies {@code test}; fails with the last screen. */
    public String await(Duration timeout, String what, Predicate<String> test) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String screen = "";
        while (System.nanoTime() < deadline) {
            screen = capture();
            if (test.test(screen)) {
                return screen;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("timed out waiting for " + what + "; the screen:\n" + screen);
    }

    /** A format of the pane the view runs in ({@code #{mouse_all_flag}}: the mouse modes the view set). */
    String format(String format) {
        return run("display-message", "-p", "-t", "0", format).strip();
    }

    /** A tmux command as the person at the terminal would run it ({@code set -g window-style …}: the theme). */
    void command(String... args) {
        run(args);
    }

    String buffer() {
        return run("show-buffer");
    }

    private String run(String... args) {
        List<String> command = new ArrayList<>(List.of(tmux, "-S", socket.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("tmux " + String.join(" ", args) + " did not finish");
            }
            return out;
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        run("kill-server");
    }
}
