package dev.signaltty.transport.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ADR 1063: {@code server restart} executes the daemon's own command line again, and JDK 25 runs the classes
 * archived in an AOT cache trained on an earlier jar at the same path. A cache older than the class path (or
 * gone) is left out of the next image's command line; a fresh one stays.
 */
class SelfExecAotCacheTest {

    @TempDir
    Path dir;

    @Test
    void aCacheOlderThanTheJarIsLeftOutAndAFreshOneKept() throws Exception {
        Path jar = Files.writeString(dir.resolve("signaltty-daemon.jar"), "jar");
        Path cache = Files.writeString(dir.resolve("signaltty-daemon.aot"), "cache");
        List<String> argv = List.of("java", "-Xmx2g", "-XX:AOTCache=" + cache, "-Xlog:aot=off", "-cp", jar.toString(),
                "dev.signaltty.cli.Main", "server", "run");
        Instant now = Instant.now();

        Files.setLastModifiedTime(jar, FileTime.from(now.minusSeconds(60)));
        Files.setLastModifiedTime(cache, FileTime.from(now.minusSeconds(30)));
        assertThat(SelfExec.withoutStaleAotCache(argv)).as("trained after the build").isEqualTo(argv);

        Files.setLastModifiedTime(jar, FileTime.from(now)); // rebuilt since
        assertThat(SelfExec.withoutStaleAotCache(argv)).as("the jar is newer")
                .containsExactly("java", "-Xmx2g", "-Xlog:aot=off", "-cp", jar.toString(),
                        "dev.signaltty.cli.Main", "server", "run");

        Files.setLastModifiedTime(cache, FileTime.from(now.plusSeconds(1))); // retrained by the launcher
        assertThat(SelfExec.withoutStaleAotCache(argv)).isEqualTo(argv);

        Files.delete(cache);
        assertThat(SelfExec.withoutStaleAotCache(argv)).as("gone").doesNotContain("-XX:AOTCache=" + cache);

        List<String> none = List.of("java", "-cp", jar.toString(), "dev.signaltty.cli.Main", "server", "run");
        assertThat(SelfExec.withoutStaleAotCache(none)).isEqualTo(none);
    }
}
