package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/signaltty's own decisions, on a copy of it in a scratch tree whose {@code mvnw} only counts its
 * calls: it builds when never built or when a source or the pom is newer than the last build, and
 * otherwise just runs, also through a symlink. Its staleness check is one {@code find} over the sources
 * (issue 24 item 4: each process the launcher starts costs every one-shot command time; ADR 0510), so
 * this pins what it decides.
 */
class LauncherTest {

    @TempDir
    Path temp;

    /** {@code printf '<request>' | bin/signaltty mcp} on a stale build: the build must leave the request to the command. */
    @Test
    void theBuildDoesNotReadTheCallersStdin() throws Exception {
        Path repo = scratchRepo();
        Path input = Files.writeString(temp.resolve("caller.stdin"), "the caller's request\n");
        ProcessBuilder builder = new ProcessBuilder(repo.resolve("bin/signaltty").toString(), "completion", "bash")
                .redirectErrorStream(true).redirectInput(input.toFile()).redirectOutput(temp.resolve("stdin.out").toFile());
        environment(builder, null, Map.of());
        Process process = builder.start();
        assertThat(process.waitFor(180, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(temp.resolve("stdin.out"));
        assertThat(process.exitValue()).as(out).isZero();
        assertThat(Files.readAllLines(repo.resolve("mvnw.calls"))).as("it built").hasSize(1);
        assertThat(repo.resolve("mvnw.stdin")).as("the build read none of the caller's stdin").doesNotExist();
    }

    @Test
    void buildsOnlyWhenSourcesChanged() throws Exception {
        Path repo = scratchRepo();
        Path calls = repo.resolve("mvnw.calls");
        Path jar = repo.resolve("target/signaltty-cli.jar");
        Path daemonJar = repo.resolve("target/signaltty-daemon.jar");

        run(repo.resolve("bin/signaltty"));
        assertThat(Files.readAllLines(calls)).as("never built: builds").hasSize(1);
        assertThat(jar).exists();
        assertThat(daemonJar).as("and merges the daemon's jar (ADR 0740)").exists();

        FileTime built = Files.getLastModifiedTime(jar);
        FileTime merged = Files.getLastModifiedTime(daemonJar);
        run(repo.resolve("bin/signaltty"));
        Path link = Files.createSymbolicLink(temp.resolve("signaltty-link"), repo.resolve("bin/signaltty"));
        run(link);
        assertThat(Files.readAllLines(calls)).as("nothing newer: no build").hasSize(1);
        assertThat(Files.getLastModifiedTime(jar)).as("nothing newer: the jar is kept").isEqualTo(built);
        assertThat(Files.getLastModifiedTime(daemonJar)).as("and the daemon's").isEqualTo(merged);

        // a plain ./mvnw compile of sources not newer than the build: the same code, nothing to do (ADR 0510)
        Path clazz = repo.resolve("target/classes/dev/signaltty/cli/Main.class");
        Files.setLastModifiedTime(clazz, FileTime.from(Instant.now().plusSeconds(30)));
        run(repo.resolve("bin/signaltty"));
        assertThat(Files.readAllLines(calls)).as("only classes newer: no Maven").hasSize(1);

        Files.setLastModifiedTime(repo.resolve("src/main/java/X.java"), FileTime.from(Instant.now().plusSeconds(60)));
        run(link);
        assertThat(Files.readAllLines(calls)).as("a source newer (classes too): builds").hasSize(2);

        Files.setLastModifiedTime(repo.resolve("pom.xml"), FileTime.from(Instant.now().plusSeconds(90)));
        run(repo.resolve("bin/signaltty"));
        assertThat(Files.readAllLines(calls)).as("the pom newer: builds").hasSize(3);

        // the vt module's own source root (ADR 0345)
        Files.setLastModifiedTime(repo.resolve("src/vt/java/V.java"), FileTime.from(Instant.now().plusSeconds(120)));
        run(repo.resolve("bin/signaltty"));
        assertThat(Files.readAllLines(calls)).as("a vt source newer: builds").hasSize(4);
        assertThat(Files.getLastModifiedTime(daemonJar)).as("the daemon's jar merged again").isNotEqualTo(merged);

        // a checkout built before the daemon's jar existed
        Files.delete(daemonJar);
        run(repo.resolve("bin/signaltty"));
        assertThat(Files.readAllLines(calls)).as("no daemon jar: builds").hasSize(5);
        assertThat(daemonJar).exists();
    }

    /**
     * A daemon started the launcher's way runs from the merged jar alone, with this build's real libraries, and
     * everything they carry beside classes is still found: junixsocket's native library (it listens), pty4j's and
     * JNA's (a pane runs bash), Netty and the dashboard's resources (it serves HTTP), Spring's merged factories and
     * imports (the context starts at all).
     */
    @Test
    void theDaemonTheLauncherStartsRunsFromTheMergedJarAndServesPanesAndTheDashboard() throws Exception {
        Path repo = scratchRepo();
        Files.delete(repo.resolve("target/lib"));
        Files.createSymbolicLink(repo.resolve("target/lib"), Path.of("target", "lib").toAbsolutePath());
        Path launcher = repo.resolve("bin/signaltty");
        Map<String, @Nullable String> env = new java.util.HashMap<>();
        for (String gui : List.of("DISPLAY", "WAYLAND_DISPLAY", "SIGNALTTY_SOCKET")) {
            env.put(gui, null); // no browser opened by `web`; the socket under the test's own XDG_RUNTIME_DIR
        }
        env.put("PATH", pathWithoutSignaltty()); // as on a machine where it was never installed
        try {
            String started = launch(launcher, env, "server", "start");
            assertThat(started).contains("started pid");
            long pid = Long.parseLong(started.replaceFirst("(?s).*started pid (\\d+).*", "$1"));
            String commandLine = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ');
            assertThat(commandLine).as("the daemon's class path is the one jar")
                    .contains("-cp " + repo.toRealPath().resolve("target/signaltty-daemon.jar") + " ")
                    .doesNotContain("target/lib");

            String pane = launch(launcher, env, "--json", "new", "onejar", "--", "bash", "--norc", "--noprofile")
                    .replaceFirst("(?s).*\"pane_id\"\\s*:\\s*\"([^\"]+)\".*", "$1");
            launch(launcher, env, "pane", "write", pane, "echo $((6*7))x\r");
            assertThat(launch(launcher, env, "pane", "wait-output", pane, "42x", "--timeout", "60"))
                    .as("bash answered in a pty4j pane").contains("42x");
            assertThat(launch(launcher, env, "pane", "list")).contains(pane).contains("running");
            // the pane finds the CLI a worker reports with (ADR 0782): this launcher, appended to PATH
            launch(launcher, env, "pane", "write", pane, "[ \"$(command -v signaltty)\" = \"${PATH##*:}/signaltty\" ]"
                    + " && echo \"cli-found-last:${PATH##*:}\"\r");
            assertThat(launch(launcher, env, "pane", "wait-output", pane, "^cli-found-last:", "--regex", "--timeout", "60"))
                    .contains("cli-found-last:" + repo.toRealPath().resolve("bin"));

            // attach (like view) runs its own JVM with JLine's native terminal: from the same one jar
            Map<String, @Nullable String> showProperties = new java.util.HashMap<>(env);
            showProperties.put("SIGNALTTY_JAVA_OPTS", "-XshowSettings:properties");
            Launched attach = launchAny(launcher, showProperties, "attach", "pane_nosuchpane");
            assertThat(attach.exitCode()).as(attach.out()).isNotZero();
            assertThat(attach.out()).as("attach ran (no terminal here, or no such pane) from the one jar")
                    .containsAnyOf("need a terminal", "NO_SUCH_PANE")
                    .contains("java.class.path = " + repo.toRealPath().resolve("target/signaltty-daemon.jar") + "\n");

            // mcp runs the MCP SDK and Jackson, which the one-shot jar leaves out: from the merged jar too
            assertThat(mcpInitialize(launcher, env)).as("signaltty mcp answers initialize through the launcher")
                    .contains("\"serverInfo\"").contains("\"name\":\"signaltty\"");

            String web = launch(launcher, env, "--json", "web");
            String loginUrl = web.replaceFirst("(?s).*\"login_url\"\\s*:\\s*\"([^\"]+)\".*", "$1");
            java.net.http.HttpClient http = java.net.http.HttpClient.newBuilder()
                    .followRedirects(java.net.http.HttpClient.Redirect.NEVER).build();
            java.net.http.HttpResponse<String> login = http.send(java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create(loginUrl)).GET().build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(login.statusCode()).as("the dashboard's login over Netty").isEqualTo(303);
            String cookie = login.headers().firstValue("set-cookie").orElseThrow().replaceFirst(";.*", "");
            java.net.URI root = java.net.URI.create(loginUrl).resolve("/");
            java.net.http.HttpResponse<String> page = http.send(java.net.http.HttpRequest.newBuilder(root)
                    .header("Cookie", cookie).GET().build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.body()).as("the dashboard's page, a resource of the merged jar").containsIgnoringCase("<html");
        } finally {
            try {
                launch(launcher, env, "server", "stop");
            } catch (AssertionError notRunning) {
                // it never started: the assertion that failed above is the report
            }
        }
    }

    /**
     * In a repository whose real path has spaces, glob characters and, where file names can hold it,
     * a non-ASCII letter, an edit still rebuilds (the staleness find and the root resolved without a
     * subshell take the path as it is).
     */
    @Test
    void anEditStillRebuildsWhenTheRepositoryPathIsNotPlainAscii() throws Exception {
        String name = Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8")).newEncoder().canEncode('é')
                ? "ré po [x]*?" : "re po [x]*?";
        Path repo = scratchRepo(name);
        Path calls = repo.resolve("mvnw.calls");
        Path jar = repo.resolve("target/signaltty-cli.jar");
        Path launcher = repo.resolve("bin/signaltty");

        run(launcher);
        run(launcher);
        assertThat(Files.readAllLines(calls)).as("built once, then nothing newer").hasSize(1);
        assertThat(jar).exists();

        Files.writeString(repo.resolve("src/main/java/X.java"), "class X { int edited; }\n");
        Files.setLastModifiedTime(repo.resolve("src/main/java/X.java"), FileTime.from(Instant.now().plusSeconds(60)));
        run(launcher);
        assertThat(Files.readAllLines(calls)).as("a source edited: builds").hasSize(2);

        Files.setLastModifiedTime(repo.resolve("pom.xml"), FileTime.from(Instant.now().plusSeconds(90)));
        run(launcher);
        assertThat(Files.readAllLines(calls)).as("the pom newer: builds").hasSize(3);
    }

    @Test
    void runsTheDaemonInSpringAotModeOnlyWithAnInitializerNotOlderThanTheApplication() throws Exception { // ADR 0425
        Path repo = scratchRepo();
        Path launcher = repo.resolve("bin/signaltty");
        Path seen = temp.resolve("daemon-opts");
        Path jdk = recordingJdk(seen);
        run(launcher, jdk, Map.of()); // the first run builds (the fake mvnw touches every class)
        Path init = repo.resolve("target/classes/dev/signaltty/SignalttyApplication__ApplicationContextInitializer.class");
        Path app = repo.resolve("target/classes/dev/signaltty/SignalttyApplication.class");
        assertThat(init).as("this build generated the initializer (the pom's spring-aot step)").exists();
        Instant now = Instant.now();
        Files.setLastModifiedTime(app, FileTime.from(now.minusSeconds(10)));
        Files.setLastModifiedTime(init, FileTime.from(now.minusSeconds(10)));
        // the jar stays newer than the classes: no refresh in between
        Files.setLastModifiedTime(repo.resolve("target/signaltty-cli.jar"), FileTime.from(now));

        run(launcher, jdk, Map.of());
        assertThat(Files.readString(seen)).as("fresh initializer").contains("-Dspring.aot.enabled=true");

        run(launcher, jdk, Map.of("SIGNALTTY_SPRING_AOT", "0"));
        assertThat(Files.readString(seen)).as("turned off").doesNotContain("spring.aot");

        Files.setLastModifiedTime(app, FileTime.from(now.minusSeconds(5)));
        run(launcher, jdk, Map.of());
        assertThat(Files.readString(seen)).as("the application class recompiled after it: stale").doesNotContain("spring.aot");

        Files.delete(init);
        run(launcher, jdk, Map.of());
        assertThat(Files.readString(seen)).as("no initializer").doesNotContain("spring.aot");
    }

    @Test
    void passesTheDaemonsAotCacheOnlyWhenItIsNotOlderThanTheJar() throws Exception { // ADR 1063
        Path repo = scratchRepo();
        Path launcher = repo.resolve("bin/signaltty");
        Path seen = temp.resolve("daemon-opts");
        Path jdk = recordingJdk(seen);
        run(launcher, jdk, Map.of()); // the first run builds
        Path daemonJar = repo.resolve("target/signaltty-daemon.jar");
        Path cache = repo.resolve("target/signaltty-daemon.aot");
        Path cliJar = repo.resolve("target/signaltty-cli.jar");
        Path cliCache = repo.resolve("target/signaltty-cli.aot");
        Instant now = Instant.now();
        Files.writeString(cache, "a cache");
        Files.writeString(cliCache, "a cache");
        Files.setLastModifiedTime(daemonJar, FileTime.from(now.minusSeconds(20)));
        Files.setLastModifiedTime(cliJar, FileTime.from(now.minusSeconds(20)));
        Files.setLastModifiedTime(cliCache, FileTime.from(now.minusSeconds(10))); // no CLI training in this test
        Files.setLastModifiedTime(cache, FileTime.from(now.minusSeconds(10)));

        run(launcher, jdk, Map.of("SIGNALTTY_AOT", "1"));
        assertThat(Files.readString(seen)).as("trained after the build").contains("-XX:AOTCache=" + cache);

        // rebuilt since: JDK 25 would run the old classes archived in it
        Files.setLastModifiedTime(daemonJar, FileTime.from(now.minusSeconds(5)));
        run(launcher, jdk, Map.of("SIGNALTTY_AOT", "1"));
        assertThat(Files.readString(seen)).as("older than the jar").doesNotContain("AOTCache");
    }

    /** The JDK cached in target/ was removed: the launcher finds one again and caches that instead. */
    @Test
    void aVanishedCachedJdkIsRediscoveredAndReplacedInTheCache() throws Exception {
        Path repo = scratchRepo();
        Path cache = repo.resolve("target/.signaltty-java-home");
        run(repo.resolve("bin/signaltty"));
        String found = Files.readString(cache).strip();
        assertThat(Path.of(found, "bin", "java")).as("first run: a JDK is cached").isExecutable();

        Files.writeString(cache, temp.resolve("removed-jdk") + "\n");
        run(repo.resolve("bin/signaltty"));
        assertThat(Files.readString(cache).strip()).as("the stale entry is replaced").isEqualTo(found);
        assertThat(Files.readAllLines(repo.resolve("mvnw.calls"))).as("no rebuild for it").hasSize(1);
    }

    /**
     * The root is resolved in the launcher's own shell (cd -P and back, no subshell; ADR 0510): java gets
     * the repository's real path on its class path when the launcher is reached through a symlinked
     * directory, and runs in the caller's directory with the caller's PWD and OLDPWD, set or unset.
     */
    @Test
    void javaRunsInTheCallersDirectoryWithTheRepositorysRealPath() throws Exception {
        Path repo = scratchRepo();
        Path seen = temp.resolve("java-saw");
        Path jdk = recordingJdk(seen, "printf '%s\\n' \"$(pwd -P)\" \"$PWD\" \"${OLDPWD-unset}\" \"$*\"");
        Path repoLink = Files.createSymbolicLink(temp.resolve("repo-link"), repo);
        Path caller = Files.createDirectories(temp.resolve("caller/work"));
        Path callerLink = Files.createSymbolicLink(temp.resolve("caller-link"), caller);
        Path previous = Files.createDirectories(temp.resolve("previous"));
        run(repoLink.resolve("bin/signaltty"), jdk, Map.of("PWD", callerLink.toString(), "OLDPWD", previous.toString()),
                callerLink);
        List<String> saw = Files.readAllLines(seen);
        assertThat(saw.get(0)).as("java's directory").isEqualTo(caller.toRealPath().toString());
        assertThat(saw.get(1)).as("PWD as the caller had it").isEqualTo(callerLink.toString());
        assertThat(saw.get(2)).as("OLDPWD as the caller had it").isEqualTo(previous.toString());
        assertThat(saw.get(3)).as("the class path is the real one")
                .contains(repo.toRealPath().resolve("target/signaltty-cli.jar").toString())
                .doesNotContain(repoLink.toString());

        // relative to the caller's directory, no OLDPWD at all
        Path relative = caller.relativize(repoLink.resolve("bin/signaltty"));
        Map<String, String> noOldPwd = new java.util.HashMap<>(Map.of("PWD", caller.toString()));
        noOldPwd.put("OLDPWD", null);
        run(relative, jdk, noOldPwd, caller);
        saw = Files.readAllLines(seen);
        assertThat(saw.get(0)).isEqualTo(caller.toRealPath().toString());
        assertThat(saw.get(2)).as("OLDPWD stays unset").isEqualTo("unset");
        assertThat(saw.get(3)).contains(repo.toRealPath().resolve("target/signaltty-cli.jar").toString());
    }

    /**
     * A JDK whose {@code java} writes the daemon options the launcher exported to {@code seen}, then runs
     * this JVM's java; first on PATH, so the launcher picks it.
     */
    private Path recordingJdk(Path seen) throws IOException {
        return recordingJdk(seen, "printf '%s' \"$SIGNALTTY_DAEMON_JAVA_OPTS\"");
    }

    /** The same, recording what the shell command {@code record} prints. */
    private Path recordingJdk(Path seen, String record) throws IOException {
        Path home = Files.createDirectories(temp.resolve("jdk"));
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path real = Path.of(System.getProperty("java.home"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + Runtime.version().feature() + "\"\n");
        Files.writeString(bin.resolve("java"), "#!/usr/bin/env bash\n" + record + " > '"
                + seen + "'\nexec '" + real.resolve("bin/java") + "' \"$@\"\n");
        Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createSymbolicLink(bin.resolve("jar"), real.resolve("bin/jar"));
        return home;
    }

    /** bin/signaltty, this build's classes, an empty lib, and an mvnw that appends a line per call and touches the classes. */
    private Path scratchRepo() throws Exception {
        return scratchRepo("repo");
    }

    /** The same in a directory of that name under the test's temp dir. */
    private Path scratchRepo(String name) throws Exception {
        Path repo = temp.resolve(name);
        Path bin = Files.createDirectories(repo.resolve("bin"));
        Files.copy(Path.of("bin", "signaltty"), bin.resolve("signaltty"));
        Path onejar = Files.createDirectories(repo.resolve("src/main/onejar"));
        Files.copy(Path.of("src", "main", "onejar", "DaemonJar.java"), onejar.resolve("DaemonJar.java"));
        Files.writeString(repo.resolve("pom.xml"), "<project/>\n");
        Files.createDirectories(repo.resolve("src/main/java"));
        Files.writeString(repo.resolve("src/main/java/X.java"), "class X {}\n");
        Files.createDirectories(repo.resolve("src/vt/java"));
        Files.writeString(repo.resolve("src/vt/java/V.java"), "class V {}\n");
        Path mvnw = repo.resolve("mvnw");
        // as a real build: the classes it writes are newer than the stamp the launcher touched before it
        // it also keeps a line it could read from its stdin (waiting at most 1 s for one): the build must not take the caller's
        Files.writeString(mvnw, "#!/usr/bin/env bash\ncd \"$(dirname \"$0\")\"\necho \"$*\" >> mvnw.calls\n"
                + "if read -t 1 -r line; then printf '%s\\n' \"$line\" >> mvnw.stdin; fi\n"
                + "find target/classes -type f -exec touch {} +\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(repo.resolve("target/lib"));
        Path classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path target = repo.resolve("target/classes");
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path from : files.toList()) {
                Path to = target.resolve(classes.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        // older than anything the test marks as newer, whatever the copy's times
        Instant past = Instant.now().minusSeconds(3600);
        try (Stream<Path> files = Files.walk(repo)) {
            for (Path p : files.toList()) {
                Files.setLastModifiedTime(p, FileTime.from(past));
            }
        }
        Files.createFile(repo.resolve("mvnw.calls"));
        return repo;
    }

    /** The launcher with {@code args} and a real JDK; what it printed (it must exit 0). */
    private String launch(Path launcher, Map<String, @Nullable String> env, String... args) throws Exception {
        Launched launched = launchAny(launcher, env, args);
        assertThat(launched.exitCode()).as(String.join(" ", args) + ": " + launched.out()).isZero();
        return launched.out();
    }

    private record Launched(int exitCode, String out) {
    }

    private Launched launchAny(Path launcher, Map<String, @Nullable String> env, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        return start(command, null, env, null, 240);
    }

    /** A one-shot command that needs no daemon; the launcher must run it to the end. */
    private void run(Path launcher) throws IOException, InterruptedException {
        run(launcher, null, Map.of());
    }

    /** The same with {@code jdk}'s java first on PATH (null: as found) and {@code env} added. */
    private void run(Path launcher, @Nullable Path jdk, Map<String, String> env) throws IOException, InterruptedException {
        run(launcher, jdk, env, null);
    }

    /** The same from {@code directory} (null: this JVM's); a null value in {@code env} removes that name. */
    private void run(Path launcher, @Nullable Path jdk, Map<String, @Nullable String> env, @Nullable Path directory)
            throws IOException, InterruptedException {
        // a relative launcher is run as the caller's shell would, relative to the directory (env resolves it there)
        List<String> command = launcher.isAbsolute() ? List.of(launcher.toString(), "completion", "bash")
                : List.of("env", launcher.toString(), "completion", "bash");
        Launched launched = start(command, jdk, env, directory, 180);
        assertThat(launched.exitCode()).as(launched.out()).isZero();
        assertThat(launched.out()).contains("complete");
    }

    /**
     * Runs {@code command} to its end with this JVM as the JDK (or {@code jdk}'s java first on PATH), no AOT cache,
     * the test's own XDG directories and {@code env} on top (a null value removes that name).
     */
    /** This machine's PATH without the directories that hold a {@code signaltty}. */
    private static String pathWithoutSignaltty() {
        return java.util.Arrays.stream(System.getenv("PATH").split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty() && !Files.isExecutable(Path.of(dir, "signaltty")))
                .collect(java.util.stream.Collectors.joining(File.pathSeparator));
    }

    /** {@code signaltty mcp} through the launcher: one initialize request, stdin kept open until the answer line. */
    private String mcpInitialize(Path launcher, Map<String, @Nullable String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "mcp")
                .redirectError(temp.resolve("mcp.err").toFile());
        environment(builder, null, env);
        Process process = builder.start();
        try (var in = process.getOutputStream();
             var answers = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"launcher-test\",\"version\":\"1\"}}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            String answer = answers.readLine(); // null when it died: the error file says why
            return answer != null ? answer : Files.readString(temp.resolve("mcp.err"));
        } finally {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    private Launched start(List<String> command, @Nullable Path jdk, Map<String, @Nullable String> env,
            @Nullable Path directory, int timeoutSeconds) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        environment(builder, jdk, env);
        Path log = temp.resolve("launcher.out");
        Process process = builder.redirectOutput(log.toFile()).start();
        boolean exited = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(exited).as(String.join(" ", command) + ": " + out).isTrue();
        return new Launched(process.exitValue(), out);
    }

    /** The launcher's environment: this JVM's JDK (or {@code jdk} first on PATH), {@code env}, the test's XDG dirs. */
    private void environment(ProcessBuilder builder, @Nullable Path jdk, Map<String, @Nullable String> env) throws IOException {
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("SIGNALTTY_AOT", "0");
        builder.environment().remove("SIGNALTTY_DAEMON_JAVA_OPTS");
        builder.environment().remove("SIGNALTTY_SPRING_AOT");
        if (jdk != null) {
            builder.environment().put("PATH", jdk.resolve("bin") + File.pathSeparator + System.getenv("PATH"));
        }
        env.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        for (String xdg : List.of("XDG_RUNTIME_DIR", "XDG_STATE_HOME", "XDG_CONFIG_HOME")) {
            Path dir = Files.createDirectories(temp.resolve(xdg));
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            builder.environment().put(xdg, dir.toString());
        }
    }
}
