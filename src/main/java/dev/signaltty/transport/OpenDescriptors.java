package dev.signaltty.transport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * This process's open file descriptors, from {@code /proc/self/fd}: what a restart in place (ADR 0810)
 * marks to be closed or kept by the exec, and what the next image looks through for the masters it inherited.
 */
public final class OpenDescriptors {

    private static final Path FDS = Path.of("/proc/self/fd");

    private OpenDescriptors() {
    }

    /** The open descriptors, the listing's own among them (it is closed once this returns). */
    public static List<Integer> list() throws IOException {
        List<Integer> open = new ArrayList<>();
        try (Stream<Path> fds = Files.list(FDS)) {
            for (Path entry : fds.toList()) {
                try {
                    open.add(Integer.parseInt(entry.getFileName().toString()));
                } catch (NumberFormatException e) {
                    // not a descriptor
                }
            }
        }
        return open;
    }

    /** What {@code fd} is open on (the link's target in {@code /proc/self/fd}), or null when it is not open. */
    public static @org.jspecify.annotations.Nullable String target(int fd) {
        try {
            return Files.readSymbolicLink(FDS.resolve(Integer.toString(fd))).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
