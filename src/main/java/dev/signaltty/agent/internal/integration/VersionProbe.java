package dev.signaltty.agent.internal.integration;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.springframework.stereotype.Component;

/**
 * Runs {@code <executable> --help} with a deadline (3 s) and an output cap (256 KiB) to learn whether a
 * flag is supported. Any failure means "not supported": the launch then keeps its plain command.
 */
@Component
class VersionProbe {

    static final long DEADLINE_MS = 3_000;
    static final int CAP = 256 * 1024;

    boolean helpMentions(String executable, String flag, Map<String, String> env) {
        Process process = null;
        try {
            ProcessBuilder builder = new ProcessBuilder(executable, "--help").redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            builder.environment().putAll(env);
            process = builder.start();
            Process running = process;
            byte[][] out = new byte[1][];
            Thread reader = Thread.ofVirtual().start(() -> {
                try (InputStream in = running.getInputStream()) {
                    out[0] = in.readNBytes(CAP);
                } catch (IOException e) {
                    out[0] = new byte[0];
                }
            });
            if (!process.waitFor(DEADLINE_MS, TimeUnit.MILLISECONDS)) {
                return false;
            }
            reader.join(500);
            return out[0] != null && new String(out[0], StandardCharsets.UTF_8).contains(flag);
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            if (process != null) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
    }
}
