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
record WebCommand(Daemon daemon, Function<String, @Nullable String> env, PrintStream out, PrintStream err) {

    int run(Map<String, Object> params, boolean noStart, boolean json) {
        Object result;
        try (Client client = daemon.connect(noStart, err)) {
            result = client.call("web.start", params).orThrow();
        }
        var tunnel = dev.signaltty.cli.internal.remote.RemoteHosts.tunnel(env);
        if (tunnel != null) {
            result = forwarded(tunnel, (Map<?, ?>) result);
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
                + started.get("url") + (started.get("host") instanceof String h ? ", forwarded over ssh from host "
                + h + " while its ssh connection lasts" : "") + ")");
        open(login);
        return 0;
    }

    /**
     * {@code --host}: the remote daemon's dashboard is on that host's loopback; a forward on the host's
     * ssh master brings it here on the same port, and the URLs are rewritten to this end of it. The
     * reply says which host it is ({@code host}), as the page itself cannot know the name used here;
     * the login link carries it to the page in its fragment.
     */
    private Map<String, Object> forwarded(dev.signaltty.cli.internal.remote.SshTunnel tunnel, Map<?, ?> started) {
        java.net.URI url = java.net.URI.create(String.valueOf(started.get("url")));
        if (url.getPort() <= 0) {
            throw new CliException("BAD_PROTOCOL", "host " + tunnel.host().label() + ": web.start gave a URL without "
                    + "a port: " + url);
        }
        String remoteAddress = url.getHost().startsWith("[") ? url.getHost().substring(1, url.getHost().length() - 1)
                : url.getHost();
        tunnel.forwardDashboard(remoteAddress, url.getPort());
        String here = url.getScheme() + "://127.0.0.1:" + url.getPort();
        Map<String, Object> local = new java.util.LinkedHashMap<>();
        started.forEach((k, v) -> local.put(String.valueOf(k), v));
        local.put("url", here);
        // #host=: the page labels its panes with this name (host-label.js); the login redirect keeps it.
        local.put("login_url", here + String.valueOf(started.get("login_url")).substring(url.toString().length())
                + "#host=" + java.net.URLEncoder.encode(tunnel.host().name(), java.nio.charset.StandardCharsets.UTF_8));
        local.put("host", tunnel.host().name());
        local.put("remote_url", url.toString());
        return local;
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
