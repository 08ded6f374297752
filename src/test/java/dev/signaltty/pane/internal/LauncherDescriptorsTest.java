package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.pty4j.PtyProcessBuilder;
import com.pty4j.unix.UnixPtyProcess;
import com.sun.jna.Memory;

import dev.signaltty.support.Await;

/**
 * pty4j's descriptors of a launched program are let go only once its reaper thread can no longer write to them
 * (ADR 1200). After {@code waitpid} the reaper marks the process done, leaves the process's monitor, then reads
 * its wake pipe's descriptor number and writes one byte there. A release between its read of the number and its
 * write freed the number, and the byte went to whatever file took the number next: on a busy daemon a fresh pane's
 * reader wake pipe, which ended that pane's output and hung its program up.
 *
 * <p>The preempted reaper is made here with the real one: once it has written, its byte is taken back out of the
 * pipe, so the pipe looks as it does while a preempted reaper has yet to write. The test then writes the byte as
 * that reaper would, late.
 */
class LauncherDescriptorsTest {

    @Test
    void aReapedProgramsDescriptorsStayOpenUntilItsReaperHasWritten() throws Exception {
        UnixPtyProcess process = launch("exit 3");
        assertThat(process.waitFor()).isEqualTo(3);
        int[] pipe = LauncherDescriptors.wakePipe(process.getPty());
        assertThat(pipe).as("pty4j's wake pipe, looked up by ADR 1200's release").isNotNull();
        int readEnd = pipe[0];
        int writeEnd = pipe[1];
        Await.until(Duration.ofSeconds(30), "pty4j's reaper writes its byte after the reap", () -> readable(readEnd));
        takeByte(readEnd); // the pipe as a reaper preempted before its write leaves it

        Thread release = Thread.ofPlatform().start(() -> LauncherDescriptors.release(process));
        Await.until(Duration.ofSeconds(30), "the release waits for the reaper's byte, or ends",
                () -> release.getState() == Thread.State.TIMED_WAITING || !release.isAlive());
        assertThat(release.isAlive())
                .as("the release closed pty4j's descriptors before its reaper wrote: that write would reach a reused number")
                .isTrue();
        assertThat(pipe[1]).as("pty4j's wake pipe is still open while its reaper has yet to write").isEqualTo(writeEnd);
        assertThat(Files.isSymbolicLink(Path.of("/proc/self/fd", Integer.toString(writeEnd)))).isTrue();

        Posix.write(writeEnd, new byte[1], 1); // the preempted reaper's late write, into its own pipe
        release.join(Duration.ofSeconds(30));
        assertThat(release.isAlive()).as("the release ends once the reaper has written").isFalse();
        assertThat(pipe[0]).as("pty4j closed its wake pipe").isEqualTo(-1);
        assertThat(pipe[1]).isEqualTo(-1);
        assertThat(process.getPty().getMasterFD()).as("and its master").isEqualTo(-1);
    }

    @Test
    void aRunningProgramsDescriptorsAreReleasedAtOnceAndItsReaperWritesNowhere() throws Exception {
        UnixPtyProcess process = launch("exec sleep 600");
        int[] pipe = LauncherDescriptors.wakePipe(process.getPty());
        assertThat(pipe).isNotNull();
        LauncherDescriptors.release(process); // as a hand-over or a program that closed its terminal does
        assertThat(pipe[1]).as("closed under the process's monitor, before the reaper reads the number").isEqualTo(-1);
        assertThat(process.getPty().getMasterFD()).isEqualTo(-1);
        process.destroyForcibly(); // the hang-up may have ended it already, unless SIGHUP was inherited ignored
        process.waitFor();
    }

    private static UnixPtyProcess launch(String script) throws Exception {
        return (UnixPtyProcess) new PtyProcessBuilder(new String[] {"sh", "-c", script})
                .setEnvironment(Map.of("PATH", System.getenv("PATH")))
                .setRedirectErrorStream(true)
                .start();
    }

    private static boolean readable(int fd) {
        try (Memory pollFd = new Memory(8)) {
            pollFd.setInt(0, fd);
            pollFd.setShort(4, Posix.POLLIN);
            pollFd.setShort(6, (short) 0);
            return Posix.poll(pollFd, 1, 0) > 0;
        }
    }

    private static void takeByte(int fd) {
        try (Memory one = new Memory(1)) {
            assertThat(Posix.read(fd, one, 1)).isEqualTo(1);
        }
    }
}
