package dev.signaltty.cli.internal.remote;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.ArgParser;
import dev.signaltty.cli.internal.ArgParser.Invocation;
import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.CommandSpec;
import dev.signaltty.cli.internal.FleetTree;
import dev.signaltty.cli.internal.FleetTreeCommand;
import dev.signaltty.cli.internal.Json;
import dev.signaltty.cli.internal.Output;

/**
 * {@code --all-hosts}: one read-only request (or {@code ls}'s tree, FleetTree) sent to this machine's daemon
 * and to every configured host at once (at most {@link #PARALLEL} at a time), each answer labelled with its host and printed in
 * the configured order. Each host has its own deadline ({@code SIGNALTTY_HOST_TIMEOUT_S}, default
 * {@link #HOST_DEADLINE_S} s, counted from when its turn starts): a host that does not answer by then
 * is reported as {@code TIMEOUT} naming it, its ssh is ended, and it delays the others no longer. A
 * host that fails is reported in its place (code and message) and makes the exit status 1; the others
 * are still shown.
 */
public final class Fleet {

    /** Hosts asked at the same time: each costs an ssh process or two, and this is a 1-shot command. */
    static final int PARALLEL = 8;
    static final long HOST_DEADLINE_S = 30;

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
        boolean tree = spec != null && spec.action() == CommandSpec.Action.FLEET;
        if (!tree && (spec == null || spec.method() == null || spec.action() != CommandSpec.Action.CALL || spec.mutating())) {
            // the CLI's own refusal, before any host is asked: a usage error (exit 2, ADR 1122), no seed code
            throw new ArgParser.UsageException("--all-hosts: only read-only commands span hosts (e.g. ls, attention, "
                    + "decision list, pane list)" + (spec == null ? "" : "; '" + spec.name() + "' is not one"), spec);
        }
        String method = java.util.Objects.requireNonNull(spec.method());
        // ls: each host's tree in its two pipelined rounds; a daemon's refusal is that host's answer, not a throw
        Function<Client, Client.Response> asking = tree ? client -> {
            try {
                return new Client.Response(true, FleetTree.load(client::callAll, (String) inv.params().get("workspace_id")),
                        "", "", null);
            } catch (CliException e) {
                return new Client.Response(false, null, e.code(), String.valueOf(e.getMessage()), e.details());
            }
        } : client -> client.call(method, inv.params());
        long deadlineS = deadlineS();
        Map<String, Supplier<Client>> targets = new LinkedHashMap<>();
        targets.put(HostsFile.LOCAL, this::localClient);
        for (HostTarget host : new HostsFile(RemoteHosts.localPaths(env).configDir()).all().values()) {
            SshTunnel tunnel = new SshTunnel(host, RemoteHosts.localPaths(env).socket().getParent(), env);
            targets.put(host.name(), () -> tunnel.connect(inv.options().noStart()));
        }
        List<Map<String, Object>> answers = askAll(targets, asking, deadlineS);
        boolean failed = false;
        for (Map<String, Object> answer : answers) {
            failed |= !Boolean.TRUE.equals(answer.get("ok"));
        }
        if (inv.options().json()) {
            for (Map<String, Object> answer : answers) {
                if (answer.get("result") instanceof FleetTree fleet) {
                    answer.put("result", fleet.toJson());
                }
            }
            out.println(Json.write(Map.of("hosts", answers)));
        } else {
            FleetTreeCommand trees = new FleetTreeCommand(out, env);
            for (Map<String, Object> answer : answers) {
                out.println("== " + answer.get("host"));
                if (Boolean.TRUE.equals(answer.get("ok"))) {
                    if (answer.get("result") instanceof FleetTree fleet) {
                        // a remote host's checkouts are under its own home, not this one's
                        out.print(trees.text(fleet, HostsFile.LOCAL.equals(answer.get("host"))));
                    } else {
                        Output.print(method, answer.get("result"), false, out);
                    }
                } else if (answer.get("error") instanceof Map<?, ?> error) {
                    out.println(error.get("code") + ": " + Output.visible(String.valueOf(error.get("message"))));
                }
            }
        }
        return failed ? 1 : 0;
    }

    /** Every host's answer, in {@code targets}' order; each ask is bounded by {@code deadlineS}. */
    private List<Map<String, Object>> askAll(Map<String, Supplier<Client>> targets,
            Function<Client, Client.Response> asking, long deadlineS) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(PARALLEL, targets.size()),
                Thread.ofPlatform().daemon().name("fleet-host-", 0).factory());
        try {
            List<Future<Map<String, Object>>> pending = new ArrayList<>();
            targets.forEach((host, connection) -> pending.add(pool.submit(
                    () -> askWithin(host, asking, connection, deadlineS))));
            List<Map<String, Object>> answers = new ArrayList<>();
            for (Future<Map<String, Object>> future : pending) {
                try {
                    answers.add(future.get()); // askWithin ends by its own deadline
                } catch (ExecutionException e) {
                    throw new CliException("INTERNAL", "--all-hosts: " + e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CliException("IO_ERROR", "interrupted");
                }
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * {@link #ask} on a thread of its own, given up after {@code deadlineS}: the interrupt ends the ask's
     * ssh process ({@link SshTunnel} destroys it) or closes its socket channel, so nothing is left behind.
     */
    private Map<String, Object> askWithin(String host, Function<Client, Client.Response> asking,
            Supplier<Client> connection, long deadlineS) throws InterruptedException {
        CompletableFuture<Map<String, Object>> answer = new CompletableFuture<>();
        Thread asker = Thread.ofVirtual().name("fleet-ask-" + host).start(() -> {
            try {
                answer.complete(ask(host, asking, connection));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        try {
            return answer.get(deadlineS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            asker.interrupt();
            asker.join(TimeUnit.SECONDS.toMillis(10));
            String message = "host " + host + " did not answer within " + deadlineS + " s (SIGNALTTY_HOST_TIMEOUT_S)";
            err.println("signaltty: " + host + ": TIMEOUT: " + message);
            return failure(host, "TIMEOUT", message);
        } catch (ExecutionException e) {
            return failure(host, "INTERNAL", String.valueOf(e.getCause()));
        }
    }

    private long deadlineS() {
        String value = env.apply("SIGNALTTY_HOST_TIMEOUT_S");
        try {
            long s = value == null || value.isBlank() ? HOST_DEADLINE_S : Long.parseLong(value.strip());
            if (s > 0) {
                return s;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new CliException("BAD_PARAMS", "SIGNALTTY_HOST_TIMEOUT_S: expected a positive number of seconds, got '"
                + value + "'");
    }

    private static Map<String, Object> failure(String host, String code, String message) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("host", host);
        answer.put("ok", false);
        answer.put("error", error(code, message));
        return answer;
    }

    private Client localClient() {
        return Client.connect(RemoteHosts.localPaths(env).socket());
    }

    private Map<String, Object> ask(String host, Function<Client, Client.Response> asking, Supplier<Client> connection) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("host", host);
        try (Client client = connection.get()) {
            Client.Response response = asking.apply(client);
            answer.put("ok", response.ok());
            if (response.ok()) {
                answer.put("result", response.result());
            } else {
                answer.put("error", error(response.code(), response.message()));
            }
        } catch (CliException e) {
            answer.put("ok", false);
            answer.put("error", error(e.code(), e.getMessage()));
            if (!Thread.currentThread().isInterrupted()) { // past the deadline askWithin reports it
                err.println("signaltty: " + host + ": " + e.code() + ": " + e.getMessage());
            }
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
