package bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A private tmux server (its own socket, no user config) and a control-mode client to it. */
final class Tmux implements AutoCloseable {

    final Path socket;
    final Path config;
    private Process control;
    Lines lines;

    Tmux(Path dir, int historyLimit) throws IOException {
        this.socket = dir.resolve("tmux.sock");
        this.config = dir.resolve("tmux.conf");
        Files.writeString(config, "set -g history-limit " + historyLimit + "\nset -g status off\n");
    }

    static String version() throws Exception {
        return run(List.of("tmux", "-V")).trim();
    }

    /** Starts the server with one idle session and attaches a control-mode client over pipes. */
    void startControl() throws Exception {
        control = new ProcessBuilder("tmux", "-S", socket.toString(), "-f", config.toString(), "-C",
                "new-session", "-x", "80", "-y", "24", "sleep 100000").redirectErrorStream(false).start();
        lines = new Lines(control.getInputStream(), control.getOutputStream());
        readBlock(); // the new-session command's own (empty) block comes first
        if (!command("display-message -p ready").equals(List.of("ready"))) {
            throw new IOException("tmux control mode out of step");
        }
    }

    /** Sends one command and reads its %begin..%end block; returns the block's lines. */
    List<String> command(String command) throws IOException {
        lines.send((command + "\n").getBytes(StandardCharsets.UTF_8));
        return readBlock();
    }

    List<String> readBlock() throws IOException {
        List<String> out = new ArrayList<>();
        boolean inBlock = false;
        while (true) {
            String line = lines.next();
            if (line == null) {
                throw new IOException("tmux control client ended");
            }
            if (line.startsWith("%begin ")) {
                inBlock = true;
            } else if (inBlock && (line.startsWith("%end ") || line.startsWith("%error "))) {
                return out;
            } else if (inBlock) {
                out.add(line);
            }
        }
    }

    /** Runs the tmux CLI against this server. */
    String cli(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("tmux", "-S", socket.toString(), "-f", config.toString()));
        command.addAll(List.of(args));
        return run(command);
    }

    long serverPid() throws Exception {
        return Long.parseLong(cli("display-message", "-p", "#{pid}").trim());
    }

    static String run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("timed out: " + command);
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws Exception {
        try {
            cli("kill-server");
        } catch (Exception ignored) {
            // not running
        }
        if (control != null) {
            control.destroy();
            control.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
