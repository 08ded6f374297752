package dev.signaltty.cli.internal.remote;

import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Json;

/** {@code signaltty hosts add|list|remove}: the named hosts of {@link HostsFile}. */
public final class HostsCommand {

    private final Function<String, @Nullable String> env;
    private final HostsFile file;
    private final PrintStream out;

    public HostsCommand(Function<String, @Nullable String> env, PrintStream out) {
        this.env = env;
        this.file = new HostsFile(RemoteHosts.localPaths(env).configDir());
        this.out = out;
    }

    /** Runs {@code verb} ({@code add}, {@code list}, {@code remove}); returns the exit status. */
    public int run(String verb, Map<String, Object> params, boolean json) {
        switch (verb) {
            case "add" -> {
                HostTarget host = file.add(string(params, "name"), string(params, "target"),
                        params.get("command") instanceof String c ? c : null);
                print(json, view(host), "added " + host.label() + " (" + file.file() + ")");
            }
            case "remove" -> {
                HostTarget host = file.remove(string(params, "name"));
                tunnel(host).close();
                print(json, view(host), "removed " + host.label());
            }
            case "list" -> {
                List<Map<String, Object>> hosts = new ArrayList<>();
                file.all().values().forEach(host -> hosts.add(view(host)));
                if (json) {
                    out.println(Json.write(Map.of("hosts", hosts)));
                } else if (hosts.isEmpty()) {
                    out.println("no hosts (signaltty hosts add NAME [user@]box[:port])");
                } else {
                    for (Map<String, Object> host : hosts) {
                        out.printf("%-16s %-28s %s%s%n", host.get("name"), host.get("target"), host.get("command"),
                                Boolean.TRUE.equals(host.get("connected")) ? "  (connected)" : "");
                    }
                }
            }
            default -> throw new CliException("BAD_PARAMS", "hosts: unknown verb " + verb);
        }
        return 0;
    }

    private Map<String, Object> view(HostTarget host) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("name", host.name());
        view.put("target", host.target());
        view.put("command", host.command());
        view.put("connected", Files.exists(tunnel(host).localSocket()));
        return view;
    }

    private SshTunnel tunnel(HostTarget host) {
        return new SshTunnel(host, RemoteHosts.localPaths(env).socket().getParent(), env);
    }

    private void print(boolean json, Map<String, Object> view, String text) {
        out.println(json ? Json.write(view) : text);
    }

    private static String string(Map<String, Object> params, String key) {
        if (params.get(key) instanceof String s && !s.isBlank()) {
            return s;
        }
        throw new CliException("BAD_PARAMS", key + ": is required");
    }
}
