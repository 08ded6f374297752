package dev.signaltty.cli.internal;

import java.io.PrintStream;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.ArgParser.Invocation;
import dev.signaltty.cli.internal.remote.RemoteHosts;

/**
 * {@code events}: subscribe, then print each event line as JSON until the reader goes away (or Ctrl-C). The
 * stream resumes after a lost connection, from the last seq printed: through a host's tunnel ({@code --host})
 * or across this machine's daemon restarting in place (ADR 1062). A daemon that stopped ends it with exit 1.
 */
record EventsCommand(Daemon daemon, Function<String, @Nullable String> env, PrintStream out, PrintStream err) {

    int run(Invocation inv) {
        var tunnel = RemoteHosts.tunnel(env);
        var source = tunnel != null ? RemoteHosts.eventSource(tunnel, env) : ResumingEvents.Source.local(daemon, err);
        int status = new ResumingEvents(source, out, err).run(inv.params(), inv.options().json(), inv.options().noStart());
        if (status != 0 && tunnel == null) {
            err.println("signaltty events: the daemon closed the stream (stopped, or dropped this client)");
        }
        return status;
    }
}
