package dev.signaltty.cli.internal.remote;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.ArgParser.Invocation;
import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.CommandSpec;
import dev.signaltty.cli.internal.Json;
import dev.signaltty.cli.internal.Output;

/**
 * {@code --all-hosts}: one read-only request sent to this machine's daemon and to every configured
 * host, one after another, each answer labelled with its host. A host that fails is reported in its
 * place (code and message) and makes the exit status 1; the others are still shown.
 */
public final class Fleet {

    private final Function<String, @Nullable String> env;
    private final PrintStream out;
    private final PrintStream err;

    public Fleet(Function<String, @Nullable String> env, PrintStream out, PrintStream err) {
        this.env = env;
        this.out = out;
        this.err = err;
    }

    public int run(Invocation inv) {
        CommandSpec spec = inv.spec();
        if (spec == null || spec.method() == null || spec.action() != CommandSpec.Action.CALL || spec.mutating()) {
            throw new CliException("BAD_PARAMS", "--all-hosts: only read-only commands span hosts (e.g. attention, "
                    + "decision list, pane list)" + (spec == null ? "" : "; '" + spec.name() + "' is not one"));
        }
        List<Map<String, Object>> answers = new ArrayList<>();
        boolean failed = false;
        answers.add(ask(HostsFile.LOCAL, spec.method(), inv.params(), this::localClient));
        for (HostTarget host : new HostsFile(RemoteHosts.localPaths(env).configDir()).all().values()) {
            SshTunnel tunnel = new SshTunnel(host, RemoteHosts.localPaths(env).socket().getParent(), env);
            answers.add(ask(host.name(), spec.method(), inv.params(), () -> tunnel.connect(inv.options().noStart())));
        }
        for (Map<String, Object> answer : answers) {
            failed |= !Boolean.TRUE.equals(answer.get("ok"));
        }
        if (inv.options().json()) {
            out.println(Json.write(Map.of("hosts", answers)));
        } else {
            for (Map<String, Object> answer : answers) {
                out.println("== " + answer.get("host"));
                if (Boolean.TRUE.equals(answer.get("ok"))) {
                    Output.print(spec.method(), answer.get("result"), false, out);
                } else if (answer.get("error") instanceof Map<?, ?> error) {
                    out.println(error.get("code") + ": " + error.get("message"));
                }
            }
        }
        return failed ? 1 : 0;
    }

    private Client localClient() {
        return Client.connect(RemoteHosts.localPaths(env).socket());
    }

    private Map<String, Object> ask(String host, String method, Map<String, Object> params,
            java.util.function.Supplier<Client> connection) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("host", host);
        try (Client client = connection.get()) {
            Client.Response response = client.call(method, params);
            answer.put("ok", response.ok());
            if (response.ok()) {
                answer.put("result", response.result());
            } else {
                answer.put("error", error(response.code(), response.message()));
            }
        } catch (CliException e) {
            answer.put("ok", false);
            answer.put("error", error(e.code(), e.getMessage()));
            err.println("signaltty: " + host + ": " + e.code() + ": " + e.getMessage());
        }
        return answer;
    }

    private static Map<String, Object> error(String code, @Nullable String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message == null ? "" : message);
        return error;
    }
}
