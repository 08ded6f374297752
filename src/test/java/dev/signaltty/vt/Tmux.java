package dev.signaltty.vt;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private tmux server used as the reference terminal: it runs {@code cat} on a byte stream in a
 * raw-mode PTY (so the bytes reach tmux unchanged) and returns {@code capture-pane -p}. Each instance
 * owns its socket in a temp directory and kills its server on {@link #close()}.
 */
final class Tmux implements AutoCloseable {

    private final String tmux;
    private final Path dir;
    private Path socket;
    private int servers;

    Tmux(Path dir) {
        this.tmux = findOnPath("tmux");
        if (tmux == null) {
            throw new AssertionError("tmux is not on PATH: the differential VT tests need it (.ci/run installs it)");
        }
        this.dir = dir;
    }

    static String findOnPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(File.pathSeparator)) {
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    /** What tmux shows: the visible screen, history plus screen, and whether the alternate screen is on. */
    record Capture(String screen, String historyAndScreen, boolean altScreen) {
    }

    /** Feeds {@code input} to a fresh pane of the given size and returns the captured screen. */
    Capture captureAfter(Path input, int cols, int rows) throws IOException, InterruptedException {
        long deadline = start(input, cols, rows);
        String screen = settledScreen(deadline);
        String all = run(List.of(tmux, "-S", socket.toString(), "capture-pane", "-p", "-S", "-"));
        String alt = run(List.of(tmux, "-S", socket.toString(), "display-message", "-p", "#{alternate_on}"));
        return new Capture(screen, all, alt.trim().equals("1"));
    }

    /** What tmux shows after a resize: {@link Capture}'s, and the cursor. */
    record Resized(String screen, String historyAndScreen, boolean altScreen, int cursorX, int cursorY) {
    }

    /**
     * Feeds {@code input} to a fresh pane of {@code cols} x {@code rows}, then resizes its window to each
     * of {@code widths} in turn ({@code resize-window -x}, the window size made manual), capturing after
     * each: tmux 3.3a reflows the main screen's wrapped lines, the reference for ours (ADR 0800).
     */
    List<Resized> captureAfterResizes(Path input, int cols, int rows, int... widths)
            throws IOException, InterruptedException {
        long deadline = start(input, cols, rows);
        settledScreen(deadline);
        run(List.of(tmux, "-S", socket.toString(), "set", "-g", "window-size", "manual"));
        List<Resized> out = new ArrayList<>();
        for (int w : widths) {
            run(List.of(tmux, "-S", socket.toString(), "resize-window", "-x", String.valueOf(w), "-y",
                String.valueOf(rows)));
            String screen = settledScreen(System.nanoTime() + TimeUnit.SECONDS.toNanos(20));
            String all = run(List.of(tmux, "-S", socket.toString(), "capture-pane", "-p", "-S", "-"));
            String[] state = run(List.of(tmux, "-S", socket.toString(), "display-message", "-p",
                "#{alternate_on} #{cursor_x} #{cursor_y} #{pane_width}")).trim().split(" ");
            if (Integer.parseInt(state[3]) != w) {
                throw new AssertionError("tmux pane is " + state[3] + " wide after resize-window -x " + w);
            }
            out.add(new Resized(screen, all, state[0].equals("1"), Integer.parseInt(state[1]),
                Integer.parseInt(state[2])));
        }
        return out;
    }

    /** Starts a fresh server whose pane cats {@code input}; returns the deadline for it to settle. */
    private long start(Path input, int cols, int rows) throws IOException, InterruptedException {
        close(); // one fresh server per stream: no state leaks between cases
        socket = dir.resolve("s" + (++servers));
        Path done = dir.resolve("done-" + servers);
        String cmd = "stty raw -echo; cat '" + input + "'; touch '" + done + "'; exec sleep 300";
        run(List.of(tmux, "-S", socket.toString(), "-f", "/dev/null", "start-server", ";",
            "set", "-g", "status", "off", ";", "set", "-g", "history-limit", "10000", ";",
            "new-session", "-d", "-x", String.valueOf(cols), "-y", String.valueOf(rows), "sh", "-c", cmd));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.exists(done)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("tmux pane did not finish cat within 20 s");
            }
            Thread.sleep(20);
        }
        return deadline;
    }

    /** tmux parses the PTY output asynchronously: the screen once three captures in a row agree. */
    private String settledScreen(long deadline) throws IOException, InterruptedException {
        String previous = null;
        int stable = 0;
        while (stable < 2) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("tmux screen did not settle within 20 s");
            }
            Thread.sleep(60);
            String now = run(List.of(tmux, "-S", socket.toString(), "capture-pane", "-p"));
            stable = now.equals(previous) ? stable + 1 : 0;
            previous = now;
        }
        return previous;
    }

    private String run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command));
        pb.environment().remove("TMUX");
        pb.environment().put("LC_ALL", "C.UTF-8");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        byte[] out;
        try (var in = p.getInputStream()) {
            out = in.readAllBytes();
        }
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("tmux command timed out: " + command);
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new AssertionError("tmux failed (" + p.exitValue() + "): " + command + "\n" + text);
        }
        return text;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (socket != null && Files.exists(socket)) {
            ProcessBuilder pb = new ProcessBuilder(tmux, "-S", socket.toString(), "kill-server");
            pb.redirectErrorStream(true);
            Process p = pb.start();
            p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    /** Trailing blanks per line and trailing empty lines removed, as {@code Terminal.screen} reports. */
    static String normalize(String screen) {
        String[] lines = screen.split("\n", -1);
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            out.add(l.stripTrailing());
        }
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        return String.join("\n", out);
    }
}
