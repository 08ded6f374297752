package dev.signaltty.cli.internal.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Json;

/**
 * The named hosts, kept in {@code $XDG_CONFIG_HOME/signaltty/hosts.json} (0600, replaced atomically):
 * {@code {"hosts": {"build": {"target": "me@box:2222", "command": "signaltty"}}}}.
 */
public final class HostsFile {

    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,31}");
    /** The name that always means this machine's own daemon. */
    public static final String LOCAL = "local";

    private final Path file;

    public HostsFile(Path configDir) {
        this.file = configDir.resolve("hosts.json");
    }

    public Path file() {
        return file;
    }

    /** Every named host, by name. */
    public Map<String, HostTarget> all() {
        Map<String, HostTarget> hosts = new TreeMap<>();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return hosts;
        } catch (IOException e) {
            throw new CliException("IO_ERROR", "cannot read " + file + ": " + e.getMessage());
        }
        Map<String, Object> root;
        try {
            root = Json.parseObject(text);
        } catch (RuntimeException e) {
            throw new CliException("BAD_PARAMS", file + " is not valid JSON (" + e.getMessage()
                    + "); fix or delete it");
        }
        if (root.get("hosts") instanceof Map<?, ?> entries) {
            for (Map.Entry<?, ?> entry : entries.entrySet()) {
                if (entry.getValue() instanceof Map<?, ?> host && host.get("target") instanceof String target) {
                    String name = String.valueOf(entry.getKey());
                    hosts.put(name, HostTarget.parse(name, target,
                            host.get("command") instanceof String c ? c : null));
                }
            }
        }
        return hosts;
    }

    /** A named host, or the ad-hoc target {@code [user@]box[:port]} when no host has that name. */
    public HostTarget resolve(String nameOrTarget) {
        HostTarget named = all().get(nameOrTarget);
        return named != null ? named : HostTarget.parse(nameOrTarget, nameOrTarget, null);
    }

    public HostTarget add(String name, String target, @Nullable String command) {
        if (!NAME.matcher(name).matches() || name.equals(LOCAL)) {
            throw new CliException("BAD_PARAMS", "name: 1-32 letters, digits, '.', '_' or '-' (not 'local'), got '"
                    + name + "'");
        }
        HostTarget host = HostTarget.parse(name, target, command);
        Map<String, HostTarget> hosts = all();
        hosts.put(name, host);
        save(hosts);
        return host;
    }

    /** Removes a named host; BAD_PARAMS naming {@code name} when there is none (the seed's codes only). */
    public HostTarget remove(String name) {
        Map<String, HostTarget> hosts = all();
        HostTarget removed = hosts.remove(name);
        if (removed == null) {
            throw new CliException("BAD_PARAMS", "name: no host named '" + name + "' (signaltty hosts list)");
        }
        save(hosts);
        return removed;
    }

    private void save(Map<String, HostTarget> hosts) {
        Map<String, Object> entries = new LinkedHashMap<>();
        hosts.forEach((name, host) -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("target", host.target());
            entry.put("command", host.command());
            entries.put(name, entry);
        });
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), "hosts", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(temp, Json.pretty(Map.of("hosts", entries)) + "\n", StandardCharsets.UTF_8);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new CliException("IO_ERROR", "cannot write " + file + ": " + e.getMessage());
        }
    }
}
