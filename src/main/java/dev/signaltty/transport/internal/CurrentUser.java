package dev.signaltty.transport.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The uid this server runs as, read from /proc (no native call needed). */
final class CurrentUser {

    private CurrentUser() {
    }

    static long uid() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read own uid", e);
        }
    }

    static long ownerOf(Path path) throws IOException {
        return ((Number) Files.getAttribute(path, "unix:uid", java.nio.file.LinkOption.NOFOLLOW_LINKS)).longValue();
    }
}
