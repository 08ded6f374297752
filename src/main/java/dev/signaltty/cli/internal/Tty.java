package dev.signaltty.cli.internal;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/** The controlling terminal, driven through {@code stty} (no native code on the CLI's path). */
final class Tty {

    private static final File DEV_TTY = new File("/dev/tty");

    private final String saved;

    private Tty(String saved) {
        this.saved = saved;
    }

    /** The terminal with its current settings saved, or null when there is no controlling terminal. */
    static @Nullable Tty open() {
        String settings = stty("-g");
        return settings == null || settings.isBlank() ? null : new Tty(settings.strip());
    }

    void raw() {
        stty("raw", "-echo");
    }

    void restore() {
        stty(saved);
    }

    /** {@code {rows, cols}}, or null when unknown. */
    int @Nullable [] size() {
        String size = stty("size");
        if (size == null) {
            return null;
        }
        String[] parts = size.strip().split("\\s+");
        try {
            return parts.length == 2 ? new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])} : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static @Nullable String stty(String... args) {
        List<String> command = new ArrayList<>();
        command.add("stty");
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectInput(DEV_TTY)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
