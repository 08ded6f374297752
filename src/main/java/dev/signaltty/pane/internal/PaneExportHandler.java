package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.vt.ReadResult;

/**
 * pane.export: the pane's whole retained scrollback and screen as text (or with ANSI colours), in the
 * reply or, with {@code path}, written by the daemon to a new 0600 file (the reply then carries only
 * the counts, so a big history never has to fit one response line).
 */
@Component
class PaneExportHandler implements MethodHandler<PaneExportHandler.Params, PaneExportHandler.Result> {

    record Params(String paneId, @Nullable Boolean ansi, @Nullable String path) {
        Params {
            ansi = ansi != null && ansi;
            if (path != null && !Path.of(path).isAbsolute()) {
                throw ProtocolException.badParams("path", "must be an absolute path");
            }
        }
    }

    /** {@code text} when no path was given; {@code path} and {@code bytes} when the export went to a file. */
    record Result(String paneId, int lines, @Nullable String text, @Nullable String path, @Nullable Integer bytes) {
    }

    private final PaneRegistry registry;

    PaneExportHandler(PaneRegistry registry) {
        this.registry = registry;
    }

    @Override
    public String method() {
        return "pane.export";
    }

    @Override
    public String summary() {
        return "The pane's whole scrollback and screen as text (ansi: with colours), returned or written to path.";
    }

    @Override
    public PaneExportHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        ReadResult all = pane.terminal.tail(Integer.MAX_VALUE, params.ansi());
        String text = all.text().isEmpty() ? "" : all.text() + "\n";
        int lines = text.isEmpty() ? 0 : text.split("\n", -1).length - 1;
        if (params.path() == null) {
            return new Result(pane.id, lines, text, null, null);
        }
        Path path = Path.of(params.path());
        try {
            Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(path, text, StandardCharsets.UTF_8);
        } catch (FileAlreadyExistsException e) {
            throw ProtocolException.badParams("path", "already exists (export never overwrites): " + path);
        } catch (IOException e) {
            throw new ProtocolException(ErrorCode.IO_ERROR, "cannot write " + path + ": " + e.getMessage(),
                    Map.of("path", path.toString()));
        }
        return new Result(pane.id, lines, null, path.toString(), text.getBytes(StandardCharsets.UTF_8).length);
    }
}
