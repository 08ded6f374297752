package dev.signaltty.pane.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.SignalttyPaths;

/**
 * Gives the bash and zsh panes signaltty spawns OSC 133 prompt/command marks (ADR 0180), which
 * pane.run, pane.read's {@code last_command} mode and wait_for_output's {@code output_only} rely on.
 * The startup files live in the daemon's state directory ({@code shell-integration/}), written at
 * every start; the user's dotfiles are read by them, never edited. bash gets {@code --rcfile}, zsh a
 * {@code ZDOTDIR} that puts the user's back at once. Only a plain interactive shell is integrated
 * (argv of the shell alone, or with {@code -i}; zsh also {@code -l}): a script or {@code bash -l} runs
 * as given, and pane.run says why it cannot drive it.
 */
@Component
class ShellIntegration {

    /** How the pane is launched: the argv and environment to start, and the integrated shell (or null). */
    record Launch(List<String> argv, Map<String, String> env, @Nullable String shell) {
    }

    private static final Set<String> BASH_FLAGS = Set.of("-i");
    private static final Set<String> ZSH_FLAGS = Set.of("-i", "-l", "--login");

    private final Path bashrc;
    private final Path zdotdir;

    ShellIntegration(SignalttyPaths paths) {
        Path dir = paths.stateDir().resolve("shell-integration");
        this.bashrc = dir.resolve("bashrc");
        this.zdotdir = dir.resolve("zsh");
        try {
            Files.createDirectories(zdotdir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            copy("bashrc", bashrc);
            copy("zshenv", zdotdir.resolve(".zshenv"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the shell-integration files under " + dir, e);
        }
    }

    private static void copy(String resource, Path target) throws IOException {
        try (InputStream in = ShellIntegration.class.getResourceAsStream("/shell-integration/" + resource)) {
            if (in == null) {
                throw new IOException("missing resource shell-integration/" + resource);
            }
            Path temp = Files.createTempFile(target.getParent(), ".tmp-", "");
            Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
            // copy's replacement file takes the umask's mode: state files are 0600 (docs/security.md)
            Files.setPosixFilePermissions(temp, dev.signaltty.transport.PrivateFiles.FILE);
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    /** The shell argv[0] names ("bash", "zsh") when it is integrated as given, else null. */
    static @Nullable String shellOf(List<String> argv) {
        String name = Path.of(argv.getFirst()).getFileName().toString();
        List<String> flags = argv.subList(1, argv.size());
        if (name.equals("bash") && BASH_FLAGS.containsAll(flags)) {
            return "bash";
        }
        if (name.equals("zsh") && ZSH_FLAGS.containsAll(flags)) {
            return "zsh";
        }
        return null;
    }

    Launch prepare(List<String> argv, Map<String, String> env) {
        String shell = shellOf(argv);
        if (shell == null) {
            return new Launch(argv, env, null);
        }
        List<String> launch = new ArrayList<>(argv);
        Map<String, String> environment = new HashMap<>(env);
        if (shell.equals("bash")) {
            launch.addAll(1, List.of("--rcfile", bashrc.toString()));
        } else {
            String user = env.get("ZDOTDIR");
            if (user != null) {
                environment.put("SIGNALTTY_USER_ZDOTDIR", user);
            }
            environment.put("ZDOTDIR", zdotdir.toString());
        }
        return new Launch(launch, environment, shell);
    }
}
