package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.pty4j.WinSize;
import com.sun.jna.Memory;

import dev.signaltty.support.Await;

/**
 * Nothing reaches a pane's master by a number once the pane's end has begun (ADR 1300). The end closes the
 * session's descriptors (ours and pty4j's), and a number closed is soon another file's: on a busy daemon a fresh
 * pane's terminal. pty4j's {@code setWinSize} read its master's number without a lock: a resize that had read it,
 * and was preempted before its {@code TIOCSWINSZ}, set the size of whatever terminal took the number meanwhile.
 *
 * <p>The preempted resize is made here by holding pty4j's real executor at the moment it has been given the number
 * (a wrapper that waits, then calls it); the fresh pane takes the freed number through {@code F_DUPFD}, as the
 * lowest free number is taken by the next spawn. No timing decides the outcome.
 */
class PaneEndRacesTest {

    private static final int F_DUPFD = 0;
    private static final long TIOCGWINSZ = 0x5413;

    @TempDir
    Path dir;

    private final List<PtySession> sessions = new ArrayList<>();
    private final List<Integer> opened = new ArrayList<>();

    @AfterEach
    void end() throws InterruptedException {
        for (PtySession session : sessions) {
            session.signalGroup(PtySession.SIGKILL);
            session.waitFor();
            session.closeOutput();
        }
        opened.forEach(Posix::close);
    }

    @Test
    void aResizeUnderWayWhenThePaneEndsDoesNotSizeTheTerminalThatTakesItsNumber() throws Exception {
        PtySession ending = launch();
        PtySession fresh = launch();
        ending.resize(100, 30);
        assertThat(size(ending.output().master())).as("a resize sets the terminal's size").isEqualTo("100x30");

        try (HeldPty4jResize held = HeldPty4jResize.install(123, 45)) {
            Thread resize = Thread.ofPlatform().start(() -> ending.resize(123, 45));
            Await.until(Duration.ofSeconds(30), "the resize holds pty4j's master number, or is done",
                    () -> held.number() >= 0 || !resize.isAlive());
            Thread paneEnd = Thread.ofPlatform().start(ending::closeOutput); // as the pane's reader does at its end
            Await.until(Duration.ofSeconds(30), "the pane's end is done, or waits for the resize",
                    () -> !paneEnd.isAlive() || paneEnd.getState() == Thread.State.BLOCKED);
            if (held.number() >= 0 && !paneEnd.isAlive()) {
                // the number the resize holds has been freed: the fresh pane's terminal takes it
                int taken = Posix.fcntl(fresh.output().master(), F_DUPFD, held.number());
                opened.add(taken);
                assertThat(taken).as("the freed number, the lowest free one").isEqualTo(held.number());
            }
            held.letGo();
            resize.join(Duration.ofSeconds(30));
            paneEnd.join(Duration.ofSeconds(30));
            assertThat(resize.isAlive() || paneEnd.isAlive()).isFalse();
        }
        assertThat(size(fresh.output().master()))
                .as("the ending pane's resize set the size of the terminal that took its number since")
                .isEqualTo("80x24");
    }

    @Test
    void aHandOverAfterThePaneEndedDuplicatesNoOtherFile() throws Exception {
        PtySession fresh = launch();
        Set<Integer> before = openNumbers();
        PtySession ending = launch();
        Set<Integer> its = openNumbers();
        its.removeAll(before);

        ending.closeOutput(); // its reader's end, just before a restart's hand-over came to it
        for (int number : its) { // every number the session held is now the fresh pane's terminal
            int taken = Posix.fcntl(fresh.output().master(), F_DUPFD, number);
            opened.add(taken);
        }
        assertThatThrownBy(() -> opened.add(ending.duplicateMasterForExec()))
                .as("a hand-over of an ended pane duplicated a number freed at its end, now another terminal's")
                .isInstanceOf(IOException.class)
                .hasMessageContaining("exited");
    }

    private PtySession launch() throws IOException {
        PtySession session = PtySession.launch(List.of("sleep", "600"), dir, Map.of("PATH", System.getenv("PATH")), 80, 24);
        sessions.add(session);
        return session;
    }

    /** The terminal's size as {@code colsxrows}, read on a descriptor of its master. */
    private static String size(int master) {
        try (Memory winsize = new Memory(8)) {
            Posix.ioctl(master, TIOCGWINSZ, winsize);
            return winsize.getShort(2) + "x" + winsize.getShort(0);
        }
    }

    private static Set<Integer> openNumbers() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.map(fd -> Integer.valueOf(fd.getFileName().toString())).collect(Collectors.toSet());
        }
    }

    /**
     * Holds the first of pty4j's {@code setWindowSize} calls for the given size at the point a preempted one stops:
     * the master's number read, the {@code ioctl} not yet made. pty4j's executor is swapped for a wrapper of the
     * real one (pty4j 0.13's {@code PtyHelpers.PTY_EXECUTOR_VALUE}) and put back at the close.
     */
    private static final class HeldPty4jResize implements AutoCloseable, InvocationHandler {

        private final Object executor;
        private final Field result;
        private final Object lazy;
        private final Object original;
        private final int cols;
        private final int rows;
        private final AtomicInteger number = new AtomicInteger(-1);
        private final CountDownLatch go = new CountDownLatch(1);

        private HeldPty4jResize(Object lazy, Field result, int cols, int rows) throws Exception {
            this.lazy = lazy;
            this.result = result;
            this.original = result.get(lazy);
            this.executor = lazy.getClass().getMethod("getValue").invoke(lazy);
            this.cols = cols;
            this.rows = rows;
        }

        static HeldPty4jResize install(int cols, int rows) throws Exception {
            Field value = Class.forName("com.pty4j.unix.PtyHelpers").getDeclaredField("PTY_EXECUTOR_VALUE");
            value.setAccessible(true);
            Object lazy = value.get(null);
            Field result = lazy.getClass().getDeclaredField("myResult");
            result.setAccessible(true);
            HeldPty4jResize held = new HeldPty4jResize(lazy, result, cols, rows);
            Class<?> type = Class.forName("com.pty4j.unix.PtyExecutor");
            Object wrapper = Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, held);
            result.set(lazy, new kotlin.Pair<Object, Throwable>(wrapper, null));
            return held;
        }

        /** The master number the held call was given, -1 before. */
        int number() {
            return number.get();
        }

        void letGo() {
            go.countDown();
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getName().equals("setWindowSize") && args[1] instanceof WinSize size
                    && size.getColumns() == cols && size.getRows() == rows
                    && number.compareAndSet(-1, (Integer) args[0])) {
                go.await(30, TimeUnit.SECONDS);
            }
            method.setAccessible(true);
            try {
                return method.invoke(executor, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        @Override
        public void close() throws IllegalAccessException {
            letGo();
            result.set(lazy, original);
        }
    }
}
