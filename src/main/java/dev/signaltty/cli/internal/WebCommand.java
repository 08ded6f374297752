package dev.signaltty.cli.internal;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * {@code signaltty web}: asks the daemon for the dashboard (web.start serves it on first use), prints
 * the URL with its one-time login token and, when this session has a display and xdg-open, opens it.
 */
final class WebCommand {

    private final Daemon daemon;
    private final Function<String, @Nullable String> env;
    private final PrintStream out;
    private final PrintStream err;

    WebCommand(Daemon daemon, Function<String, @Nullable String> env, PrintStream out, PrintStream err) {
        this.daemon = daemon;
        this.env = env;
        this.out = out;
        this.err = err;
    }

    int run(Map<String, Object> params, boolean noStart, boolean json) {
        Object result;
        try (Client client = daemon.connect(noStart, err)) {
            result = client.call("web.start", params).orThrow();
        }
        if (json) {
            out.println(Json.write(result));
            return 0;
        }
        Map<?, ?> started = (Map<?, ?>) result;
        String login = String.valueOf(started.get("login_url"));
        if (Boolean.TRUE.equals(started.get("rotated"))) {
            out.println("new token: every browser logged in before must log in again");
        }
        out.println(login);
        err.println("(the link logs one browser in once and expires in 5 minutes; the dashboard stays at "
                + started.get("url") + ")");
        open(login);
        return 0;
    }

    /** xdg-open when there is a display to open it on; waited for briefly so it is reaped. */
    private void open(String url) {
        String display = env.apply("DISPLAY");
        String wayland = env.apply("WAYLAND_DISPLAY");
        Path opener = onPath("xdg-open");
        if (opener == null || (blank(display) && blank(wayland))) {
            return;
        }
        try {
            Process process = new ProcessBuilder(opener.toString(), url)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                err.println("xdg-open is still running; open the link yourself if no browser appeared");
            }
        } catch (IOException e) {
            err.println("could not run xdg-open: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private @Nullable Path onPath(String program) {
        String path = env.apply("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return Path.of(dir, program);
            }
        }
        return null;
    }

    private static boolean blank(@Nullable String value) {
        return value == null || value.isBlank();
    }
}
