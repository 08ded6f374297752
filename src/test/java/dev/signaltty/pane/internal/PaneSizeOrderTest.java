package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import com.sun.jna.Memory;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;

/**
 * A pane's size is set on its PTY before its record (what {@code pane.get} answers), in one hold of the pane's
 * terminal: whoever reads the record's size can rely on the PTY (and so the child's {@code tput} or
 * {@code stty size}, asked afterwards) having it already. A CI flake came from the opposite order: a viewer's
 * departure set the record a moment before the PTY, and a line the test asked for in between reported the old
 * size. Here one thread grows the pane a column and a row at a time over the real socket, while another reads
 * the record and then the PTY's own size ({@code TIOCGWINSZ} on its master): since the sizes only grow, the PTY
 * must never be seen smaller than the record read before it.
 */
class PaneSizeOrderTest {

    /** Linux's TIOCGWINSZ (x86-64 and arm64 alike). */
    private static final long TIOCGWINSZ = 0x5413;
    private static final int FROM = 20;
    private static final int TO = 400;

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("size-order");

    @Test
    void whenTheRecordHasASizeThePtyAlreadyHasIt() throws Exception {
        String id = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("cat"), "cols", FROM, "rows", FROM)).get("pane_id").asString();
        Pane pane = daemon.bean(PaneRegistry.class).resolve(id);
        PtySession session = pane.session;
        assertThat(session).isNotNull();
        int master = session.duplicateMasterForExec();
        AtomicBoolean resizing = new AtomicBoolean(true);
        AtomicReference<String> behind = new AtomicReference<>();
        long[] samples = {0};
        Thread reader = Thread.ofPlatform().name("size-reader").start(() -> {
            try (Memory size = new Memory(8)) {
                while (resizing.get() && behind.get() == null) {
                    int recordCols = pane.terminal.cols();
                    int recordRows = pane.terminal.rows();
                    Posix.ioctl(master, TIOCGWINSZ, size);
                    int ptyRows = size.getShort(0);
                    int ptyCols = size.getShort(2);
                    samples[0]++;
                    if (ptyCols < recordCols || ptyRows < recordRows) {
                        behind.set("record " + recordCols + "x" + recordRows + ", PTY after it " + ptyCols + "x" + ptyRows);
                    }
                }
            }
        });
        try (ProtocolClient script = daemon.connect()) {
            for (int n = FROM + 1; n <= TO && behind.get() == null; n++) {
                script.call("pane.resize", Map.of("pane_id", id, "cols", n, "rows", n));
            }
        } finally {
            resizing.set(false);
            reader.join();
            Posix.close(master);
        }
        assertThat(behind.get()).as("the PTY's size lagged behind the record's").isNull();
        assertThat(samples[0]).as("the reader looked while the sizes changed").isPositive();
        assertThat(pane.terminal.cols()).isEqualTo(TO);
    }
}
