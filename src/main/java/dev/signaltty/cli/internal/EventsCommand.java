package dev.signaltty.cli.internal;

import java.io.PrintStream;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.ArgParser.Invocation;

/**
 * {@code events}: subscribe, then print each event line as JSON until EOF (or Ctrl-C); with
 * {@code --host}, through the host's tunnel, resuming after a dropped connection.
 */
record EventsCommand(Daemon daemon, Function<String, @Nullable String> env, PrintStream out, PrintStream err) {

    int run(Invocation inv) {
        var tunnel = dev.signaltty.cli.internal.remote.RemoteHosts.tunnel(env);
        if (tunnel != null) {
            return new dev.signaltty.cli.internal.remote.ResumingEvents(tunnel, env, out, err)
                    .run(inv.params(), inv.options().json(), inv.options().noStart());
        }
        try (Client client = daemon.connect(inv.options().noStart(), err)) {
            Object reply = client.call("subscribe", inv.params(), event -> {
                out.println(Json.write(event));
                out.flush();
            }).orThrow();
            if (reply instanceof Map<?, ?> map && Boolean.FALSE.equals(map.get("subscribed"))) {
                err.println("not subscribed: " + Json.write(map.get("replay")));
                return 1;
            }
            if (inv.options().json()) {
                err.println(Json.write(reply));
            }
            while (true) {
                Map<String, Object> message = client.readMessage();
                if (message == null) {
                    err.println("signaltty events: the daemon closed the stream (stopped, or dropped this client)");
                    return 1;
                }
                if ("event".equals(message.get("type"))) {
                    out.println(Json.write(message));
                    out.flush();
                    if (out.checkError()) {
                        return 0; // the reader went away (e.g. `| head`): stop like a filter does
                    }
                }
            }
        }
    }
}
