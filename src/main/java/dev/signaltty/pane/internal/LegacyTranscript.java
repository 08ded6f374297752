package dev.signaltty.pane.internal;

import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.jspecify.annotations.Nullable;

/**
 * A pane's transcript as ADR 0230 wrote it, before the mapped tail (ADR 0250), read once at the first
 * start after the upgrade so the pane does not come back with an empty screen (ADR 0331).
 * {@code <pane>.ckpt}: magic {@code STT1}, cols, rows, hist generation, hist length, tail generation,
 * the repaint's length and bytes (big-endian, {@code DataOutputStream}); {@code <pane>.<g>.tail}: the raw
 * output since that checkpoint. The hist file ({@code <pane>.<g>.hist}, packed history lines) is the
 * same in both forms and is carried on as it is.
 *
 * @param tail the raw output after the checkpoint (empty when the tail file is missing: a checkpoint
 *             renamed in before its tail was written)
 */
record LegacyTranscript(int cols, int rows, long histGen, long histLength, long gen, byte[] repaint, byte[] tail) {

    private static final int MAGIC = 0x53545431; // "STT1"

    /** The pane's ADR 0230 transcript, or null when it has none. */
    static @Nullable LegacyTranscript read(Path dir, String paneId) throws IOException {
        Path checkpoint = checkpointFile(dir, paneId);
        int cols;
        int rows;
        long histGen;
        long histLength;
        long gen;
        byte[] repaint;
        try (DataInputStream in = new DataInputStream(Files.newInputStream(checkpoint))) {
            if (in.readInt() != MAGIC) {
                throw new IOException("not an ADR 0230 transcript checkpoint: " + checkpoint);
            }
            cols = in.readInt();
            rows = in.readInt();
            histGen = in.readLong();
            histLength = in.readLong();
            gen = in.readLong();
            int length = in.readInt();
            if (length < 0 || cols <= 0 || rows <= 0 || histLength < 0) {
                throw new IOException("corrupt ADR 0230 transcript checkpoint: " + checkpoint);
            }
            repaint = in.readNBytes(length);
            if (repaint.length != length) {
                throw new IOException(checkpoint + " ends inside its repaint");
            }
        } catch (NoSuchFileException e) {
            return null;
        }
        Path tail = tailFile(dir, paneId, gen);
        return new LegacyTranscript(cols, rows, histGen, histLength, gen, repaint,
                Files.isRegularFile(tail) ? Files.readAllBytes(tail) : new byte[0]);
    }

    /** Deletes the files only the ADR 0230 form has, once their content is in the new form. */
    void delete(Path dir, String paneId) throws IOException {
        Files.deleteIfExists(tailFile(dir, paneId, gen));
        Files.deleteIfExists(dir.resolve(paneId + ".ckpt.tmp"));
        Files.deleteIfExists(checkpointFile(dir, paneId)); // last: until it goes, a restart converts again
    }

    /**
     * A file name only the ADR 0230 form uses ({@code <pane>.ckpt}, {@code <pane>.ckpt.tmp},
     * {@code <pane>.<g>.tail}): left over when a start was killed between writing the new form and
     * deleting the old.
     */
    static boolean isLegacyName(String paneId, String name) {
        return name.equals(paneId + ".ckpt") || name.equals(paneId + ".ckpt.tmp")
                || name.matches(java.util.regex.Pattern.quote(paneId) + "\\.[0-9]+\\.tail");
    }

    private static Path checkpointFile(Path dir, String paneId) {
        return dir.resolve(paneId + ".ckpt");
    }

    private static Path tailFile(Path dir, String paneId, long gen) {
        return dir.resolve(paneId + "." + gen + ".tail");
    }
}
