package dev.signaltty.transport.internal.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

/**
 * The page's files from the classpath under {@code web/}: ours from src/main/resources/web, xterm.js
 * under {@code web/vendor/} (copied there from npm at build time). Read once, then kept: they are a
 * few hundred KiB and never change while the daemon runs.
 */
final class StaticFiles {

    record File(byte[] bytes, String contentType) {
    }

    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8", "svg", "image/svg+xml", "png", "image/png");
    private static final File MISSING = new File(new byte[0], "");

    private final Map<String, File> cache = new ConcurrentHashMap<>();

    /** The file for a request path, or null; only plain names of known types, never {@code ..}. */
    @Nullable File find(String path) {
        String name = path.equals("/") ? "/index.html" : path;
        if (!name.matches("(/[A-Za-z0-9_-][A-Za-z0-9._-]*)+") || name.contains("..")) {
            return null;
        }
        String type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
        if (type == null) {
            return null;
        }
        File file = cache.computeIfAbsent(name, n -> load("web" + n, type));
        return file == MISSING ? null : file;
    }

    private static File load(String resource, String type) {
        try (InputStream in = StaticFiles.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? MISSING : new File(in.readAllBytes(), type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
