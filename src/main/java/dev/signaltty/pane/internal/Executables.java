package dev.signaltty.pane.internal;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/**
 * Resolves argv[0] before launch. A path with '/' that is relative is anchored to the launch directory
 * and stored absolute (seed: a later cd cannot redirect a resume); a bare name must be found on the
 * pane's PATH. Either way a missing or non-executable program is SPAWN_FAILED before anything exists.
 */
final class Executables {

    private Executables() {
    }

    static List<String> anchor(List<String> argv, Path cwd, Map<String, String> env) {
        String program = argv.getFirst();
        List<String> out = new ArrayList<>(argv);
        if (program.contains("/")) {
            Path path = cwd.resolve(program).normalize();
            requireExecutable(path, program);
            out.set(0, path.toString());
            return out;
        }
        String pathVar = env.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin");
        for (String dir : pathVar.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return out;
            }
        }
        throw new ProtocolException(ErrorCode.SPAWN_FAILED, "program not found on PATH: " + program,
                Map.of("argv0", program));
    }

    private static void requireExecutable(Path path, String given) {
        if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
            throw new ProtocolException(ErrorCode.SPAWN_FAILED, "not an executable file: " + given,
                    Map.of("argv0", given, "resolved", path.toString()));
        }
    }
}
