package bench;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/** A signaltty daemon in its own JVM on private XDG directories, started as a user would. */
final class Daemon implements AutoCloseable {

    final Path root;
    final Path socket;
    final Process process;
    final long startNanos;

    private Daemon(Path root, Process process, long startNanos) {
        this.root = root;
        this.socket = socketOf(root);
        this.process = process;
        this.startNanos = startNanos;
    }

    static Daemon start(String java, String classpath, Path root, String... args) throws IOException {
        return start(java, List.of(), classpath, root, args);
    }

    static Daemon start(String java, List<String> jvmOptions, String classpath, Path root, String... args) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, "dev.signaltty.SignalttyApplication"));
        command.addAll(List.of(args));
        return launch(command, root);
    }

    /**
     * A daemon as users get it: {@code bin/signaltty server run} on private XDG directories, so its JVM
     * flags and AOT cache are the launcher's own (read from it by running it, never copied here). The
     * launcher's knobs are cleared from the environment, so a caller's setting cannot change them.
     */
    static Daemon launcher(Path launcher, Path root) throws IOException {
        return launcher(launcher, root, Map.of());
    }

    /** The same with {@code env} added (a measurement's own variables, such as {@code JDK_JAVA_OPTIONS}). */
    static Daemon launcher(Path launcher, Path root, Map<String, String> env) throws IOException {
        return launch(List.of(launcher.toString(), "server", "run"), root,
                List.of("SIGNALTTY_DAEMON_JAVA_OPTS", "SIGNALTTY_AOT", "SIGNALTTY_SPRING_AOT", "JDK_JAVA_OPTIONS"), env);
    }

    /** A daemon started by {@code command} (e.g. {@code bin/signaltty server run}) on private XDG directories. */
    static Daemon launch(List<String> command, Path root) throws IOException {
        return launch(command, root, List.of(), Map.of());
    }

    private static Daemon launch(List<String> command, Path root, List<String> unset, Map<String, String> env) throws IOException {
        for (String dir : List.of("run", "state", "config")) {
            Files.createDirectories(root.resolve(dir));
        }
        Files.setPosixFilePermissions(root.resolve("run"), PosixFilePermissions.fromString("rwx------"));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("XDG_RUNTIME_DIR", root.resolve("run").toString());
        builder.environment().put("XDG_STATE_HOME", root.resolve("state").toString());
        builder.environment().put("XDG_CONFIG_HOME", root.resolve("config").toString());
        builder.environment().put("SIGNALTTY_SOCKET", socketOf(root).toString());
        unset.forEach(builder.environment()::remove);
        builder.environment().putAll(env);
        builder.redirectErrorStream(true);
        builder.redirectOutput(root.resolve("daemon.log").toFile());
        long start = System.nanoTime();
        return new Daemon(root, builder.start(), start);
    }

    /** Seconds from launch until a ping on the socket is answered. */
    double awaitReady() throws Exception {
        return awaitReady(60);
    }

    /** The same with a deadline of {@code seconds} (a start that first trains an AOT cache takes longer). */
    double awaitReady(long seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("daemon exited: " + Files.readString(root.resolve("daemon.log")));
            }
            if (Files.exists(socket)) {
                try (Client client = connect()) {
                    client.call("ping", Map.of());
                    return (System.nanoTime() - startNanos) / 1e9;
                } catch (IOException notYet) {
                    // listening not yet
                }
            }
            Thread.sleep(2);
        }
        throw new IOException("daemon not ready within " + seconds + " s");
    }

    Client connect() throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(UnixDomainSocketAddress.of(socket));
        return new Client(channel);
    }

    /** The metrics port from the daemon's log line "metrics on http://127.0.0.1:PORT/metrics". */
    int metricsPort() throws IOException {
        Matcher m = Pattern.compile("metrics on http://127\\.0\\.0\\.1:(\\d+)/metrics").matcher(Files.readString(root.resolve("daemon.log")));
        if (!m.find()) {
            throw new IOException("no metrics line in the daemon log");
        }
        return Integer.parseInt(m.group(1));
    }

    private static Path socketOf(Path root) {
        return root.resolve("run/signaltty/signaltty.sock");
    }

    /**
     * The daemon JVM's PID, for its CPU time and RSS. {@code bin/signaltty server run} execs java, so once
     * the socket answers it is the launched process itself; should a launcher ever keep a shell in front,
     * it is the java process below it.
     */
    long pid() {
        if (isJava(process.toHandle())) {
            return process.pid();
        }
        return process.descendants().filter(Daemon::isJava).findFirst().orElseThrow(
                () -> new IllegalStateException("no java process under " + process.pid())).pid();
    }

    private static boolean isJava(ProcessHandle handle) {
        return handle.info().command().map(c -> Path.of(c).getFileName().toString().equals("java")).orElse(false);
    }

    long rssKb() {
        return Stats.rssKb(pid());
    }

    /** CPU seconds (user + system) the daemon has used so far. */
    double cpuSeconds() {
        return Stats.cpuSeconds(pid());
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            try (Client client = connect()) {
                client.call("server.stop", Map.of());
            } catch (IOException | RuntimeException ignored) {
                // already going
            }
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    /** JSONL client on one open connection. */
    static final class Client implements AutoCloseable {
        final Lines lines;
        private final SocketChannel channel;
        private long ids;

        Client(SocketChannel channel) {
            this.channel = channel;
            this.lines = new Lines(Channels.newInputStream(channel), Channels.newOutputStream(channel));
        }

        static byte[] request(long id, String method, Map<String, ?> params) {
            return ("{\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":"
                    + ProtocolJson.MAPPER.writeValueAsString(params) + "}\n").getBytes(StandardCharsets.UTF_8);
        }

        JsonNode call(String method, Map<String, ?> params) throws IOException {
            long id = ++ids;
            lines.send(request(id, method, params));
            while (true) {
                String line = lines.next();
                if (line == null) {
                    throw new IOException("connection closed");
                }
                JsonNode node = ProtocolJson.MAPPER.readTree(line);
                if (node.path("id").asLong(-1) == id) {
                    if (!node.get("ok").asBoolean()) {
                        throw new IllegalStateException(method + " failed: " + line);
                    }
                    return node.get("result");
                }
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
