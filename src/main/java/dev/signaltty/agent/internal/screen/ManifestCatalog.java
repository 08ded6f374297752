package dev.signaltty.agent.internal.screen;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.transport.SignalttyPaths;

/**
 * The agent manifests, read once at start: the built-in ones ({@code agents/*.json} in the jar) and
 * the user's ({@code $XDG_CONFIG_HOME/signaltty/agents/*.json}). A user manifest with a built-in's
 * name replaces it. A user manifest that cannot be used is refused whole — logged at start with its
 * file and field, and listed by {@code agent.explain} as {@code manifest_errors} — and a built-in of
 * the same name keeps working. A built-in that fails to parse is a bug: the daemon does not start.
 */
@Component
public class ManifestCatalog {

    private static final Logger log = LoggerFactory.getLogger(ManifestCatalog.class);
    static final long MAX_FILE_BYTES = 64 * 1024;
    /**
     * The built-ins, {@code agents/<name>.json} in signaltty's own classes, by name: matching a pattern instead
     * ({@code classpath:agents/*.json}) lists and sorts every entry of the jar at start (~7 ms, ADR 0624).
     * {@code BuiltinManifestsTest} fails when a file there is not named here.
     */
    static final List<String> BUILTINS = List.of("aider", "codex", "gemini", "opencode");

    private final Map<String, AgentManifest> byName;
    private final List<ManifestError> errors;

    ManifestCatalog(SignalttyPaths paths) throws IOException {
        Map<String, AgentManifest> manifests = new LinkedHashMap<>();
        for (String builtin : BUILTINS) {
            String file = "builtin:agents/" + builtin + ".json";
            try (InputStream in = new ClassPathResource("agents/" + builtin + ".json").getInputStream()) {
                AgentManifest manifest = AgentManifest.parse(ProtocolJson.MAPPER.readTree(in), file, builtin);
                if (manifest != null) {
                    manifests.put(manifest.name(), manifest);
                }
            } catch (AgentManifest.Refused e) {
                throw new IllegalStateException("built-in agent manifest refused: " + e.getMessage(), e);
            }
        }
        List<ManifestError> refused = new ArrayList<>();
        Path dir = paths.configDir().resolve("agents");
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.json")) {
                for (Path path : sortedPaths(files)) {
                    AgentManifest manifest = user(path, refused);
                    if (manifest != null) {
                        AgentManifest replaced = manifests.put(manifest.name(), manifest);
                        log.info("agent manifest {} from {}{}", manifest.name(), path,
                                replaced == null ? "" : " (replaces " + replaced.file() + ")");
                    }
                }
            }
        }
        refused.forEach(e -> log.error("agent manifest refused: {}", e.line()));
        this.byName = Map.copyOf(manifests);
        this.errors = List.copyOf(refused);
    }

    private static @Nullable AgentManifest user(Path path, List<ManifestError> refused) {
        String file = path.toString();
        try {
            if (!Files.isRegularFile(path)) {
                return null;
            }
            if (Files.size(path) > MAX_FILE_BYTES) {
                refused.add(new ManifestError(file, "(file)", "is larger than " + MAX_FILE_BYTES + " bytes"));
                return null;
            }
            return AgentManifest.parse(ProtocolJson.MAPPER.readTree(Files.readAllBytes(path)), file,
                    baseName(path.getFileName().toString()));
        } catch (AgentManifest.Refused e) {
            refused.add(e.error);
        } catch (IOException | RuntimeException e) {
            refused.add(new ManifestError(file, "(file)", "not readable as JSON: " + e.getMessage()));
        }
        return null;
    }

    private static List<Path> sortedPaths(DirectoryStream<Path> files) {
        List<Path> out = new ArrayList<>();
        files.forEach(out::add);
        out.sort(null);
        return out;
    }

    private static String baseName(@Nullable String fileName) {
        String name = fileName == null ? "" : fileName;
        return name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    }

    /** The manifest for a launch's argv (its argv[0] basename), or null; user manifests and names decide ties. */
    @Nullable AgentManifest forArgv(List<String> argv) {
        return byName.values().stream().filter(m -> m.appliesTo(argv))
                .min(java.util.Comparator.comparing((AgentManifest m) -> m.file().startsWith("builtin:"))
                        .thenComparing(AgentManifest::name))
                .orElse(null);
    }

    /** Every user manifest refused at start, with the file and field at fault. */
    public List<ManifestError> errors() {
        return errors;
    }

    Map<String, AgentManifest> manifests() {
        return byName;
    }
}
