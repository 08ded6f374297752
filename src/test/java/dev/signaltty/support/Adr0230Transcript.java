package dev.signaltty.support;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import dev.signaltty.vt.HistoryExport;
import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * Writes a pane transcript byte for byte as the ADR 0230 writer did (PaneTranscript at commit 5911086,
 * the last before ADR 0250), for the upgrade tests (ADR 0331). That writer's first checkpoint of a
 * pane, taken with the output {@code beforeCheckpoint} fed, writes:
 * <ul>
 * <li>{@code <pane>.0.hist}: the packed history lines ({@code Terminal.historyAfter(0, cap).packed()}),
 *     when there are any;</li>
 * <li>{@code <pane>.ckpt}: {@code DataOutputStream} of magic {@code 0x53545431} ("STT1"), cols, rows,
 *     hist generation (0), hist length, tail generation (1), repaint length, the repaint's UTF-8 bytes;</li>
 * <li>{@code <pane>.1.tail}: every byte of output after that checkpoint, raw ({@code afterCheckpoint}).</li>
 * </ul>
 * Directory mode 0700, files 0600.
 */
public final class Adr0230Transcript {

    private Adr0230Transcript() {
    }

    /** Writes the three files of {@code paneId} into {@code dir}; returns the terminal the output was fed to. */
    public static Terminal write(Path dir, String paneId, int cols, int rows, String beforeCheckpoint,
                                 String afterCheckpoint) throws IOException {
        Terminal live = new Terminal(cols, rows, new TerminalListener() { }, RingLimits.defaults(), 0);
        byte[] before = beforeCheckpoint.getBytes(StandardCharsets.UTF_8);
        live.feed(before, 0, before.length);
        HistoryExport export = live.historyAfter(0, 1 << 20);
        byte[] repaint = live.repaint().getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream checkpoint = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(checkpoint)) {
            out.writeInt(0x53545431);
            out.writeInt(cols);
            out.writeInt(rows);
            out.writeLong(0);
            out.writeLong(export.packed().length);
            out.writeLong(1);
            out.writeInt(repaint.length);
            out.write(repaint);
        }
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        if (export.packed().length > 0) { // that writer created no hist file for a pane without history
            privateFile(dir.resolve(paneId + ".0.hist"), export.packed());
        }
        privateFile(dir.resolve(paneId + ".ckpt"), checkpoint.toByteArray());
        byte[] after = afterCheckpoint.getBytes(StandardCharsets.UTF_8);
        privateFile(dir.resolve(paneId + ".1.tail"), after);
        live.feed(after, 0, after.length);
        return live;
    }

    private static void privateFile(Path file, byte[] content) throws IOException {
        Files.write(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }
}
