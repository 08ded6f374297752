package dev.signaltty.agent.internal.integration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * The argv that resumes an agent's session (seed L93–97, ADR-0083). The adapter gives the bare command
 * ({@code claude --resume <id>}, {@code codex resume <id>}); its executable is then chosen, first rule
 * that applies:
 * <ol>
 *   <li>an explicit manifest resume path ({@code $XDG_CONFIG_HOME/signaltty/agents/<agent>.json},
 *       {@code {"resume_executable": "/abs/path"}}) is authoritative;</li>
 *   <li>a directly selected absolute executable whose basename is the bare resume command's is kept
 *       (spawn anchors relative paths, so every path-qualified argv[0] stored since is absolute);</li>
 *   <li>anything else keeps the adapter's bare command — including a legacy snapshot's relative
 *       executable, which has no reliable directory to anchor to.</li>
 * </ol>
 * The original launch options (argv[1..]) are never copied: they belong to the first launch, and a
 * resumed session carries its own.
 */
public final class ResumeCommands {

    private static final Logger log = LoggerFactory.getLogger(ResumeCommands.class);
    static final long MANIFEST_CAP_BYTES = 64 * 1024;

    private ResumeCommands() {
    }

    static List<String> argv(AgentAdapter adapter, List<String> stored, String sessionId,
                             @Nullable String manifestExecutable) {
        List<String> out = new ArrayList<>(adapter.resumeCommand(sessionId));
        String bare = out.getFirst();
        String original = stored.getFirst();
        if (manifestExecutable != null) {
            out.set(0, manifestExecutable);
        } else if (original.contains("/") && Path.of(original).isAbsolute()
                && Path.of(original).getFileName().toString().equals(bare)) {
            out.set(0, original);
        }
        return out;
    }

    /** The manifest's resume executable for {@code agent}, or null (none, unreadable or not absolute). */
    static @Nullable String manifestExecutable(Path configDir, String agent) {
        Path file = configDir.resolve("agents").resolve(agent + ".json");
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MANIFEST_CAP_BYTES) {
                return null;
            }
            JsonNode node = ProtocolJson.MAPPER.readTree(Files.readAllBytes(file)).get("resume_executable");
            if (node == null || !node.isString() || !Path.of(node.asString()).isAbsolute()) {
                log.warn("agent manifest {} has no absolute resume_executable; ignored", file);
                return null;
            }
            return node.asString();
        } catch (IOException | RuntimeException e) {
            log.warn("agent manifest {} unreadable ({}); ignored", file, e.toString());
            return null;
        }
    }
}
