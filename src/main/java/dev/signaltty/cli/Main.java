package dev.signaltty.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.SignalttyApplication;
import dev.signaltty.cli.internal.ArgParser;
import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.CommandTable;
import dev.signaltty.cli.internal.Daemon;
import dev.signaltty.cli.internal.ProcessExit;
import dev.signaltty.cli.internal.Runner;
import dev.signaltty.cli.internal.ShellCompletion;
import dev.signaltty.cli.internal.remote.Fleet;
import dev.signaltty.cli.internal.remote.RemoteHosts;

/**
 * The one entry point of the signaltty jar/classpath: the one-shot CLI, the console, and the daemon
 * ({@code server run}).
 *
 * <p>The one-shot path loads no Spring and no Jackson: it parses with the command table, talks JSONL
 * over the JDK's Unix-domain channels, and exits. Only {@code server run} (the daemon) and the console
 * start a Spring context.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        List<String> words = List.of(args);
        if (words.size() >= 2 && words.get(0).equals("server") && words.get(1).equals("run")
                && !words.contains("--help") && !words.contains("-h")) {
            SignalttyApplication.main(Arrays.copyOfRange(args, 2, args.length));
            return;
        }
        PrintStream out = System.out;
        if (!words.isEmpty() && words.getFirst().equals("__complete")) {
            ShellCompletion.candidates(CommandTable.standard(), words.subList(1, words.size()),
                    dev.signaltty.transport.SignalttyPaths.fromEnvironment().socket()).forEach(out::println);
            out.flush();
            System.exit(0);
        }
        if (words.size() == 2 && words.getFirst().equals("completion")) {
            try {
                out.print(ShellCompletion.script(words.get(1)));
            } catch (RuntimeException e) {
                System.err.println("usage: signaltty completion bash|zsh");
                System.exit(2);
            }
            out.flush();
            System.exit(0);
        }
        ProcessExit.exit(run(words, System.in));
    }

    /**
     * Everything but the daemon and shell completion: the one-shot CLI, the console, {@code mcp} (which exits
     * itself) and the remote forms; returns the exit status with stdout flushed. {@link CliTraining} runs it too.
     */
    static int run(List<String> words, InputStream stdin) {
        PrintStream out = System.out;
        RemoteHosts hosts = RemoteHosts.extract(words, System::getenv);
        words = hosts.words();
        Function<String, @Nullable String> env = hosts.environment(System::getenv);
        if (words.equals(List.of("mcp"))) {
            // an MCP server on stdio for agents (ADR 0181): stdout is its channel, so nothing else prints there
            System.setProperty("logback.configurationFile", "mcp-logback.xml");
            Daemon daemon = new Daemon(dev.signaltty.transport.SignalttyPaths.resolve(env), env);
            String version = java.util.Objects.requireNonNullElse(Main.class.getPackage().getImplementationVersion(), "dev");
            System.exit(new dev.signaltty.cli.internal.mcp.SignalttyMcpServer(daemon, System.err)
                    .run(stdin, out, version));
        }
        Runner runner = new Runner(CommandTable.standard(), env, Path.of("").toAbsolutePath(), stdin,
                out, System.err);
        int status;
        if (hosts.serverCommand()) {
            status = remoteServer(env, words);
        } else if (hosts.allHosts()) {
            status = allHosts(runner, env, words);
        } else if (wantsConsole(words)) {
            status = console(runner, env, words.contains("--no-start"));
        } else {
            Client.exitClosesConnections();
            status = runner.run(words);
        }
        out.flush();
        return status;
    }

    /** No command at all, or {@code console}: the interactive console. */
    static boolean wantsConsole(List<String> words) {
        // a loop, not a stream: on the one-shot path a stream's classes would be initialized for this alone (~0.5 ms)
        int consoles = 0;
        for (String w : words) {
            if (w.equals("console")) {
                consoles++;
            } else if (!w.equals("--no-start") && !w.equals("--json")) {
                return false;
            }
        }
        return consoles <= 1;
    }

    /** {@code server start|stop|status|recover --host H}: the daemon's lifecycle is the remote machine's. */
    private static int remoteServer(Function<String, @Nullable String> env, List<String> words) {
        try {
            return java.util.Objects.requireNonNull(RemoteHosts.tunnel(env)).exec(words, false);
        } catch (CliException e) {
            System.err.println(e.code() + ": " + e.getMessage());
            return e.status();
        }
    }

    /** {@code --all-hosts}: a read-only command on this machine and on every named host. */
    private static int allHosts(Runner runner, Function<String, @Nullable String> env, List<String> words) {
        try {
            ArgParser.Invocation inv = runner.parser().parse(words);
            if (inv.options().help()) {
                return runner.run(inv); // the command's usage, once: it asked every host to run the command instead
            }
            return new Fleet(env, System.out, System.err).run(inv);
        } catch (ArgParser.UsageException e) {
            return runner.usage(e);
        } catch (CliException e) {
            System.err.println(e.code() + ": " + e.getMessage());
            return e.status();
        }
    }

    private static int console(Runner runner, Function<String, @Nullable String> env, boolean noStart) {
        try {
            new Daemon(runner.paths(), env).connect(noStart, System.err).close();
        } catch (CliException e) {
            System.err.println(e.code() + ": " + e.getMessage());
            return e.status();
        }
        return dev.signaltty.cli.internal.console.Console.run(runner);
    }
}
