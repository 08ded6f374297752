package bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * Keystroke echo while neighbours flood (issue 24 item 3): one pane runs {@code cat}, {@code floods}
 * neighbour panes print a flood file in a loop; a keystroke is a marker written to the cat pane, its
 * latency the time until the marker comes back in that pane's output stream (the line discipline's
 * echo). signaltty: {@code pane.write} → {@code pty.data} on an attached connection. tmux:
 * {@code send-keys} → {@code %output} on a control client (the floods live in another session, so the
 * client is not sent their output, as signaltty's is not). The raw PTY: the same write → echo on a PTY
 * this JVM opens itself with the same floods running under {@code script}. The three run in turn, in
 * rounds, each with its own floods only, so they share the machine's load.
 */
final class Keystrokes {
    /** Pause after each echo before the next key (ms): 5 is a program typing, 60–120 a person (-Dkeys.gap). */
    static final int GAP_MS = Integer.getInteger("keys.gap", 5);

    record Result(double[] signaltty, double[] tmux, double[] raw) {
    }

    private final Path work;
    private final Path floodFile;
    private final int floods;
    private final int perRound;
    private final int rounds;

    Keystrokes(Path work, Path floodFile, int floods, int total, int rounds) {
        this.work = work;
        this.floodFile = floodFile;
        this.floods = floods;
        this.rounds = rounds;
        this.perRound = total / rounds;
    }

    private String floodCommand() {
        return "while :; do cat '" + floodFile + "'; done";
    }

    Result run(Daemon daemon) throws Exception {
        List<Double> s = new ArrayList<>();
        List<Double> t = new ArrayList<>();
        List<Double> r = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            signaltty(daemon, s);
            tmux(round, t);
            raw(r);
            System.err.printf("bench: keys round %d: signaltty %s, tmux %s, raw %s (load %s)%n", round,
                    Format.latency(array(s)), Format.latency(array(t)), Format.latency(array(r)), Row.loadNow());
        }
        return new Result(array(s), array(t), array(r));
    }

    void signaltty(Daemon daemon, List<Double> out) throws Exception {
        try (Daemon.Client client = daemon.connect()) {
            String workspace = client.call("workspace.create", Map.of("name", "keys", "cwd", work.toString()))
                    .get("workspace_id").asString();
            List<String> flooding = new ArrayList<>();
            for (int i = 0; i < floods; i++) {
                flooding.add(client.call("pane.spawn", Map.of("workspace_id", workspace, "cols", 80, "rows", 24,
                        "argv", List.of("sh", "-c", floodCommand()))).get("pane_id").asString());
            }
            String cat = client.call("pane.spawn", Map.of("workspace_id", workspace, "cols", 80, "rows", 24,
                    "argv", List.of("cat"))).get("pane_id").asString();
            client.call("pane.attach", Map.of("pane_id", cat));
            Thread.sleep(1000); // the floods at full rate
            long id = 1_000_000;
            StringBuilder tail = new StringBuilder();
            for (int i = 0; i < perRound; i++) {
                String marker = "m" + i + "x";
                byte[] write = Daemon.Client.request(++id, "pane.write", Map.of("pane_id", cat, "data", marker + "\r"));
                tail.setLength(0);
                long start = System.nanoTime();
                client.lines.send(write);
                while (true) {
                    String line = client.lines.next();
                    if (line == null) {
                        throw new IOException("connection closed");
                    }
                    if (!line.contains("\"pty.data\"")) {
                        continue;
                    }
                    JsonNode event = ProtocolJson.MAPPER.readTree(line);
                    String b64 = event.path("payload").path("data_b64").asString();
                    tail.append(new String(Base64.getDecoder().decode(b64), StandardCharsets.ISO_8859_1));
                    if (tail.indexOf(marker + "\r") >= 0) {
                        break;
                    }
                }
                long end = System.nanoTime();
                out.add((end - start) / 1e9);
                trace("C " + start + " " + end + " " + marker);
                Thread.sleep(GAP_MS); // typing, not a burst
            }
            for (String pane : flooding) {
                client.call("pane.close", Map.of("pane_id", pane));
            }
            client.call("pane.close", Map.of("pane_id", cat));
        }
    }

    void tmux(int round, List<Double> out) throws Exception {
        try (Tmux tmux = new Tmux(Files.createDirectories(work.resolve("tmux-keys-" + round)), 2000)) {
            tmux.startControl(); // session 0: the control client's, running sleep
            tmux.cli("new-session", "-d", "-s", "flood", "-x", "80", "-y", "24", floodCommand());
            for (int i = 1; i < floods; i++) {
                tmux.cli("new-window", "-d", "-t", "flood", floodCommand());
            }
            String pane = tmux.command("new-window -P -F '#{pane_id}' cat").getFirst().trim();
            Thread.sleep(1000);
            String prefix = "%output " + pane + " ";
            for (int i = 0; i < perRound; i++) {
                String marker = "m" + i + "x";
                byte[] keys = ("send-keys -t " + pane + " " + marker + " Enter\n").getBytes(StandardCharsets.UTF_8);
                long start = System.nanoTime();
                tmux.lines.send(keys);
                while (true) {
                    String line = tmux.lines.next();
                    if (line == null) {
                        throw new IOException("tmux control client ended");
                    }
                    if (line.startsWith(prefix) && line.contains(marker + "\\015")) {
                        break;
                    }
                }
                out.add((System.nanoTime() - start) / 1e9);
                Thread.sleep(GAP_MS);
            }
        }
    }

    /** The same echo on a PTY with no terminal server at all: the floor. */
    private void raw(List<Double> out) throws Exception {
        List<Process> flooding = new ArrayList<>();
        try {
            for (int i = 0; i < floods; i++) {
                flooding.add(new ProcessBuilder("script", "-qc", floodCommand(), "/dev/null")
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectInput(ProcessBuilder.Redirect.PIPE)
                        .redirectErrorStream(true).start());
            }
            com.pty4j.PtyProcess cat = new com.pty4j.PtyProcessBuilder(new String[] {"cat"})
                    .setEnvironment(System.getenv()).start();
            try {
                Thread.sleep(1000);
                byte[] buffer = new byte[4096];
                StringBuilder tail = new StringBuilder();
                for (int i = 0; i < perRound; i++) {
                    String marker = "m" + i + "x";
                    tail.setLength(0);
                    long start = System.nanoTime();
                    cat.getOutputStream().write((marker + "\r").getBytes(StandardCharsets.UTF_8));
                    cat.getOutputStream().flush();
                    while (tail.indexOf(marker + "\r") < 0) {
                        int n = cat.getInputStream().read(buffer);
                        if (n < 0) {
                            throw new IOException("raw cat ended");
                        }
                        tail.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
                    }
                    out.add((System.nanoTime() - start) / 1e9);
                    Thread.sleep(GAP_MS);
                }
            } finally {
                cat.destroyForcibly().waitFor();
            }
        } finally {
            for (Process p : flooding) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
            }
        }
    }

    /** With -Dkeys.trace=FILE each signaltty keystroke's send and echo (System.nanoTime, which the daemon's clock shares). */
    private static void trace(String line) throws IOException {
        String file = System.getProperty("keys.trace");
        if (file != null) {
            Files.writeString(Path.of(file), line + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        }
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
