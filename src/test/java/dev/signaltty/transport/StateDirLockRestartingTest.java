package dev.signaltty.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ADR 1290: between a restarting daemon's old image letting the state directory's lock go and its new image
 * taking it back, the lock file says the daemon is restarting, and a client takes the daemon for coming back
 * while the pid that wrote it (kept by the exec) lives. A daemon gone for good is not waited for.
 */
class StateDirLockRestartingTest {

    @TempDir
    Path stateDir;

    private final Path socket = Path.of("/nonexistent/signaltty.sock");

    @Test
    void aRestartingDaemonIsComingBackWhileItsPidLivesEvenWithTheLockLetGo() throws Exception {
        try (StateDirLock lock = StateDirLock.acquire(stateDir, socket)) {
            assertThat(StateDirLock.restartingIn(stateDir)).as("held: coming back whatever it wrote").isNotNull();
            StateDirLock.markRestarting();
        }
        assertThat(StateDirLock.heldBy(stateDir)).as("the lock is let go").isNull();
        StateDirLock.Holder holder = StateDirLock.restartingIn(stateDir);
        assertThat(holder).isNotNull();
        assertThat(holder.pid()).isEqualTo(Long.toString(ProcessHandle.current().pid()));
        assertThat(holder.restarting()).isTrue();
        assertThat(holder.servesSocket(socket)).isTrue();

        try (StateDirLock again = StateDirLock.acquire(stateDir, socket)) {
            assertThat(StateDirLock.restartingIn(stateDir).restarting()).as("the new image clears the line").isFalse();
        }
        assertThat(StateDirLock.restartingIn(stateDir)).as("stopped for good: not coming back").isNull();
    }

    @Test
    void aRestartingLineOfAProcessThatIsGoneIsNoDaemonComingBack() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.createDirectories(stateDir);
        Files.writeString(stateDir.resolve(StateDirLock.FILE), gone.pid() + "\n" + socket + "\n" + StateDirLock.RESTARTING + "\n");
        assertThat(StateDirLock.restartingIn(stateDir)).isNull(); // its exec failed, or it was killed in between
    }

    @Test
    void markingWithoutHoldingTheLockIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(StateDirLock::markRestarting)
                .isInstanceOf(java.io.IOException.class).hasMessageContaining("holds no state directory lock");
    }
}
