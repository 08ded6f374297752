package dev.signaltty.transport.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.StringArray;

import dev.signaltty.transport.OpenDescriptors;

/**
 * Replaces this process's image with a fresh run of its own command line ({@code /proc/self/exe} and
 * {@code /proc/self/cmdline}): the launcher's JVM flags, AOT cache and class path stay, so a jar rebuilt
 * at the same path is what runs next. The pid stays, and with it every child (ADR 0810).
 */
final class SelfExec {

    static {
        Native.register(SelfExec.class, "c");
    }

    private static final int F_GETFD = 1;
    private static final int F_SETFD = 2;
    private static final int FD_CLOEXEC = 1;
    private static final int X_OK = 1;
    private static final int SIG_SETMASK = 2;
    static final Path EXE = Path.of("/proc/self/exe");
    private static final Path CMDLINE = Path.of("/proc/self/cmdline");

    private SelfExec() {
    }

    /** {@code argv}: a NULL-terminated array of C strings ({@link StringArray}). */
    private static native int execv(String path, Pointer argv) throws LastErrorException;

    private static native int access(String path, int mode) throws LastErrorException;

    private static native int fcntl(int fd, int command, int argument) throws LastErrorException;

    private static native int sigprocmask(int how, Memory set, Pointer old) throws LastErrorException;

    /** This process's command line, as the kernel keeps it. */
    static List<String> commandLine() throws IOException {
        byte[] raw = Files.readAllBytes(CMDLINE);
        List<String> argv = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == 0) {
                argv.add(new String(raw, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (start < raw.length) {
            argv.add(new String(raw, start, raw.length - start, StandardCharsets.UTF_8));
        }
        return argv;
    }

    /**
     * Why an exec would fail now, or null when it can be made: checked before the daemon lets anything
     * go, so a refused restart leaves it running as it was.
     */
    static @org.jspecify.annotations.Nullable String cannotExec() {
        try {
            List<String> argv = commandLine();
            if (!runsTheDaemon(argv)) {
                // a daemon inside another program (a test's JVM): executing that program again restarts no daemon
                return "cannot restart: this daemon was not started by 'signaltty server run' (its process runs "
                        + (argv.isEmpty() ? "nothing known" : argv.getFirst()) + ")";
            }
            access(EXE.toString(), X_OK);
            return null;
        } catch (IOException e) {
            return "cannot restart: /proc/self/cmdline unreadable: " + e.getMessage();
        } catch (LastErrorException e) {
            return "cannot restart: " + EXE + " is not executable (errno " + e.getErrorCode() + ")";
        }
    }

    /** True for the command line bin/signaltty and {@code server start} launch: {@code … Main server run …}. */
    static boolean runsTheDaemon(List<String> argv) {
        for (int i = 0; i + 2 < argv.size(); i++) {
            if (argv.get(i).equals("dev.signaltty.cli.Main") && argv.get(i + 1).equals("server")
                    && argv.get(i + 2).equals("run")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Marks every descriptor but the standard ones and {@code keep} close-on-exec, clears it on
     * {@code keep}, unblocks every signal (the JVM blocks some on its threads, and the mask survives exec)
     * and executes. Returns only when the exec failed, with the reason.
     */
    static String exec(Set<Integer> keep) {
        List<String> argv;
        try {
            argv = withoutStaleAotCache(commandLine());
        } catch (IOException e) {
            return "cannot read /proc/self/cmdline: " + e.getMessage();
        }
        try {
            for (int fd : OpenDescriptors.list()) {
                if (fd > 2) {
                    setCloseOnExec(fd, !keep.contains(fd));
                }
            }
        } catch (IOException e) {
            return "cannot list /proc/self/fd: " + e.getMessage();
        }
        try (Memory none = new Memory(128)) {
            none.clear();
            sigprocmask(SIG_SETMASK, none, Pointer.NULL);
            execv(EXE.toString(), new StringArray(argv.toArray(String[]::new)));
            return "execv returned";
        } catch (LastErrorException e) {
            return "execv " + EXE + " failed: errno " + e.getErrorCode();
        }
    }

    /**
     * {@code argv} without its {@code -XX:AOTCache=…} when that cache is gone or older than a file of the class
     * path: JDK 25 maps a cache trained on an earlier jar at the same path without a word and runs the classes
     * archived in it, so the "new build in place" would run the previous build's code (ADR 1063). The launcher
     * retrains it before {@code server restart}; this is for a restart whose cache was not retrained.
     */
    static List<String> withoutStaleAotCache(List<String> argv) {
        String flag = "-XX:AOTCache=";
        int at = -1;
        List<Path> classPath = new ArrayList<>();
        for (int i = 0; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (arg.startsWith(flag)) {
                at = i;
            } else if ((arg.equals("-cp") || arg.equals("-classpath") || arg.equals("--class-path"))
                    && i + 1 < argv.size()) {
                for (String entry : argv.get(i + 1).split(java.io.File.pathSeparator)) {
                    if (!entry.isEmpty()) {
                        classPath.add(Path.of(entry));
                    }
                }
            }
        }
        if (at < 0) {
            return argv;
        }
        Path cache = Path.of(argv.get(at).substring(flag.length()));
        boolean stale;
        try {
            java.nio.file.attribute.FileTime trained = Files.getLastModifiedTime(cache);
            stale = false;
            for (Path entry : classPath) {
                if (Files.exists(entry) && Files.getLastModifiedTime(entry).compareTo(trained) > 0) {
                    stale = true;
                }
            }
        } catch (IOException gone) {
            stale = true;
        }
        if (!stale) {
            return argv;
        }
        List<String> kept = new ArrayList<>(argv);
        kept.remove(at);
        return kept;
    }

    private static void setCloseOnExec(int fd, boolean close) {
        try {
            int flags = fcntl(fd, F_GETFD, 0);
            fcntl(fd, F_SETFD, close ? flags | FD_CLOEXEC : flags & ~FD_CLOEXEC);
        } catch (LastErrorException e) {
            // closed meanwhile (the listing's own descriptor): nothing to carry over
        }
    }
}
