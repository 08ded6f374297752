package dev.signaltty.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A Java agent that holds the next daemon start back before its {@code main}: when the trigger file named by the
 * agent's argument exists, it is deleted and the start waits {@link #HOLD_MS}. Lets a test make the new image of a
 * {@code server restart} slow to take the state directory's lock, as a loaded machine does, on purpose
 * (ADR 1290). The agent's jar holds only a manifest: the class itself is on the daemon's class path.
 */
public final class SlowNextStart {

    /** Longer than the 5 s a lost view or attach retries for a daemon not known to be coming back. */
    static final long HOLD_MS = 9_000;

    private SlowNextStart() {
    }

    public static void premain(String trigger) throws Exception {
        if (trigger != null && Files.deleteIfExists(Path.of(trigger))) {
            Thread.sleep(HOLD_MS);
        }
    }

    /** The daemon JVM option that loads this agent, its jar written into {@code dir}, armed by {@code trigger}. */
    static String javaOption(Path dir, Path trigger) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), SlowNextStart.class.getName());
        Path jar = dir.resolve("slow-next-start.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            // the manifest is all: the class loads from the class path the daemon shares with the test
        }
        return "-javaagent:" + jar + "=" + trigger;
    }
}
