package dev.signaltty.agent.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Claude Code's own status file for one session: 2.1.197 keeps {@code $CLAUDE_CONFIG_DIR/sessions/<pid>.json}
 * ({@code {"pid":…,"sessionId":…,"status":"busy"|"idle"|"waiting",…,"statusUpdatedAt":<epoch ms>}}), rewritten
 * whenever its input loop changes between busy and idle, and removed at exit. An interrupt before the model's
 * first byte moves it busy → idle with no hook and no transcript line, so it is the one signal of that turn end
 * (ADR 0320). The file is found by the session id the hooks report, in the {@code sessions} directory beside
 * the {@code projects} directory that holds the transcript. Not thread-safe: one poller reads it.
 */
final class ClaudeStatusFile {

    /** What Claude writes while its prompt is free again. */
    static final String IDLE = "idle";
    /** A status file is a few hundred bytes; a bigger one is not Claude's and is not parsed. */
    static final int MAX_BYTES = 64 << 10;

    /** An idle status newer than the turn's start: the file and the line {@code agent explain} shows. */
    record Idle(Path file, String matched) {
    }

    private final Path dir;
    private final String sessionId;
    private @Nullable Path file;
    private @Nullable FileTime seen;

    private ClaudeStatusFile(Path dir, String sessionId) {
        this.dir = dir;
        this.sessionId = sessionId;
    }

    /** The status file of {@code sessionId}, when {@code transcript} is {@code <config>/projects/<project>/<session>.jsonl}. */
    static @Nullable ClaudeStatusFile of(Path transcript, @Nullable String sessionId) {
        Path project = transcript.getParent();
        Path projects = project == null ? null : project.getParent();
        Path config = projects == null ? null : projects.getParent();
        if (sessionId == null || config == null || projects.getFileName() == null
                || !"projects".equals(projects.getFileName().toString())) {
            return null;
        }
        return new ClaudeStatusFile(config.resolve("sessions"), sessionId);
    }

    /**
     * The file's status when it is {@link #IDLE} with a {@code statusUpdatedAt} after {@code afterMillis},
     * else null. Reads the file only when its modification time changed since the last read.
     */
    @Nullable Idle idleAfter(long afterMillis) {
        if (file == null) {
            file = find();
            if (file == null) {
                return null;
            }
        }
        FileTime modified;
        try {
            modified = Files.getLastModifiedTime(file);
        } catch (IOException e) {
            file = null; // Claude restarted under another pid: look for the session again next time
            seen = null;
            return null;
        }
        if (modified.equals(seen)) {
            return null;
        }
        JsonNode status = read(file);
        if (status == null) {
            return null; // caught mid-write (Claude rewrites it in place): read again at the next poll
        }
        seen = modified;
        if (!sessionId.equals(status.path("sessionId").asString(""))) {
            file = null;
            return null;
        }
        long at = status.path("statusUpdatedAt").asLong(0);
        if (!IDLE.equals(status.path("status").asString("")) || at <= afterMillis) {
            return null;
        }
        return new Idle(file, "\"status\":\"" + IDLE + "\",\"statusUpdatedAt\":" + at);
    }

    private @Nullable Path find() {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "[0-9]*.json")) {
            for (Path candidate : files) {
                JsonNode status = read(candidate);
                if (status != null && sessionId.equals(status.path("sessionId").asString(""))) {
                    return candidate;
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    /** The parsed file, or null when it is not a small regular JSON file (gone, half written, foreign). */
    private static @Nullable JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (channel.size() > MAX_BYTES) {
                return null;
            }
            ByteBuffer buffer = ByteBuffer.allocate((int) channel.size());
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                // read it whole
            }
            return ProtocolJson.MAPPER.readTree(new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8));
        } catch (IOException | JacksonException e) {
            return null;
        }
    }
}
