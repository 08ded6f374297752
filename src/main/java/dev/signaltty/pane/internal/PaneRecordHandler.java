package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.event.EventListener;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.springframework.stereotype.Component;

import dev.signaltty.pane.PaneClosed;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.SignalttyPaths;

/**
 * pane.record: starts (or with {@code stop: true} ends) recording a pane's output from now on as an
 * asciicast v2 file ({@link Recording}). Off by default; one recording per pane; the file is new
 * (never overwritten), 0600, at {@code path} (absolute) or under the state directory's
 * {@code recordings/}; at most {@code max_bytes} (default {@code signaltty.pane.record-max-bytes},
 * 64 MiB). Closing the pane or stopping the daemon ends it.
 */
@Component
class PaneRecordHandler implements MethodHandler<PaneRecordHandler.Params, PaneRecordHandler.Result> {

    record Params(String paneId, @Nullable String path, @Nullable Boolean stop, @Nullable Long maxBytes) {
        Params {
            stop = stop != null && stop;
            if (path != null && !Path.of(path).isAbsolute()) {
                throw ProtocolException.badParams("path", "must be an absolute path");
            }
            if (maxBytes != null && maxBytes < 1024) {
                throw ProtocolException.badParams("max_bytes", "must be at least 1024");
            }
        }
    }

    record Result(String paneId, @JsonUnwrapped Recording.View recording) {
    }

    private final PaneRegistry registry;
    private final Path recordings;
    private final long defaultMaxBytes;
    /** Panes being recorded: a closed pane has left the registry by the time PaneClosed arrives. */
    private final Map<String, Pane> recorded = new java.util.concurrent.ConcurrentHashMap<>();

    PaneRecordHandler(PaneRegistry registry, SignalttyPaths paths,
                      @Value("${signaltty.pane.record-max-bytes:67108864}") long defaultMaxBytes) {
        this.registry = registry;
        this.recordings = paths.stateDir().resolve("recordings");
        this.defaultMaxBytes = defaultMaxBytes;
    }

    @Override
    public String method() {
        return "pane.record";
    }

    @Override
    public String summary() {
        return "Records a pane's output as an asciicast v2 file (stop: true ends it); bounded by max_bytes.";
    }

    @Override
    public PaneRecordHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        synchronized (pane.terminal) { // the output path reads pane.recording under the same monitor
            Recording current = pane.recording;
            if (params.stop()) {
                if (current == null) {
                    throw ProtocolException.badParams("stop", "pane " + pane.id + " is not being recorded");
                }
                pane.recording = null;
                recorded.remove(pane.id);
                current.end("stopped");
                return new Result(pane.id, current.view(false));
            }
            if (current != null) {
                throw ProtocolException.badParams("pane_id", "pane " + pane.id + " is already being recorded to "
                        + current.view(true).path());
            }
            Path path = params.path() != null ? Path.of(params.path()) : recordings.resolve(pane.id + "-"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".cast");
            try {
                if (params.path() == null) {
                    Files.createDirectories(recordings);
                }
                Recording started = Recording.start(path, params.maxBytes() == null ? defaultMaxBytes : params.maxBytes(),
                        pane.terminal.cols(), pane.terminal.rows(), pane.shell);
                pane.recording = started;
                recorded.put(pane.id, pane);
                return new Result(pane.id, started.view(true));
            } catch (FileAlreadyExistsException e) {
                throw ProtocolException.badParams("path", "already exists (a recording never overwrites): " + path);
            } catch (IOException e) {
                throw new ProtocolException(ErrorCode.IO_ERROR, "cannot create " + path + ": " + e.getMessage(),
                        Map.of("path", path.toString()));
            }
        }
    }

    @EventListener
    void on(PaneClosed event) {
        Pane pane = recorded.get(event.paneId());
        if (pane != null) {
            end(pane);
        }
    }

    @jakarta.annotation.PreDestroy
    void shutdown() {
        java.util.List.copyOf(recorded.values()).forEach(this::end);
    }

    private void end(Pane pane) {
        synchronized (pane.terminal) {
            Recording r = pane.recording;
            recorded.remove(pane.id);
            if (r != null) {
                pane.recording = null;
                r.end("pane_closed");
            }
        }
    }
}
