package dev.signaltty.workspace.internal.git;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.signaltty.workspace.DiffContent;
import dev.signaltty.workspace.DiffContent.Hunk;
import dev.signaltty.workspace.DiffContent.Line;

/**
 * Turns {@code git diff -p} output for one path into {@link DiffContent}, applying the preview caps
 * (seed R278, R279, R281): at most {@link #MAX_BYTES} bytes of line text and {@link #MAX_LINES} lines,
 * always whole lines; anything cut sets {@code truncated} and says so in the notice.
 *
 * <p>A typechange prints two sections for one path (deletion, then addition); their hunks are
 * concatenated in git's order.
 */
public final class UnifiedDiffParser {

    public static final int MAX_BYTES = 512 * 1024;
    public static final int MAX_LINES = 10_000;

    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@ ?(.*)$");

    private final int maxBytes;
    private final int maxLines;

    public UnifiedDiffParser() {
        this(MAX_BYTES, MAX_LINES);
    }

    UnifiedDiffParser(int maxBytes, int maxLines) {
        this.maxBytes = maxBytes;
        this.maxLines = maxLines;
    }

    /**
     * @param output          git's stdout
     * @param outputTruncated git produced more than the runner kept: the last partial line is dropped
     * @return {@code null} when the output holds no section at all (no difference)
     */
    public DiffContent parse(byte[] output, boolean outputTruncated) {
        List<byte[]> rawLines = splitLines(output, outputTruncated);
        if (rawLines.isEmpty()) {
            return null;
        }
        Set<String> notices = new LinkedHashSet<>();
        List<HunkBuilder> builders = new ArrayList<>();
        boolean truncated = outputTruncated;
        boolean binary = false;
        boolean sawSection = false;
        boolean badUtf8 = false;
        String oldMode = null;
        String newFileMode = null;
        String deletedMode = null;
        boolean symlink = false;

        HunkBuilder current = null;
        int keptBytes = 0;
        int keptLines = 0;
        boolean inHunk = false;
        outer:
        for (byte[] raw : rawLines) {
            String text = decode(raw);
            if (text == null) {
                badUtf8 = true;
                text = decodeLenient(raw);
            }
            if (inHunk && current != null && current.remainingOld == 0 && current.remainingNew == 0
                    && !text.startsWith("\\")) {
                inHunk = false;
            }
            if (!inHunk) {
                if (text.startsWith("diff --git ")) {
                    sawSection = true;
                } else if (text.startsWith("old mode ")) {
                    oldMode = text.substring(9);
                } else if (text.startsWith("new mode ")) {
                    notices.add("mode changed from " + oldMode + " to " + text.substring(9));
                    symlink |= text.endsWith("120000");
                } else if (text.startsWith("new file mode ")) {
                    newFileMode = text.substring(14);
                    symlink |= newFileMode.equals("120000");
                } else if (text.startsWith("deleted file mode ")) {
                    deletedMode = text.substring(18);
                    symlink |= deletedMode.equals("120000");
                } else if (text.startsWith("index ")) {
                    symlink |= text.endsWith(" 120000");
                } else if (text.startsWith("Binary files ") || text.equals("GIT binary patch")) {
                    binary = true;
                } else if (text.startsWith("@@ ")) {
                    Matcher m = HUNK.matcher(text);
                    if (!m.matches()) {
                        continue;
                    }
                    current = new HunkBuilder(m);
                    builders.add(current);
                    inHunk = true;
                }
                continue;
            }
            if (text.startsWith("@@ ")) {
                // A new hunk even though counts disagreed: trust the header.
                Matcher m = HUNK.matcher(text);
                if (m.matches()) {
                    current = new HunkBuilder(m);
                    builders.add(current);
                }
                continue;
            }
            int size = raw.length; // the prefix byte stands in for the newline it replaces
            if (keptLines + 1 > maxLines || keptBytes + size > maxBytes) {
                truncated = true;
                break outer;
            }
            char prefix = text.isEmpty() ? ' ' : text.charAt(0);
            String body = text.isEmpty() ? "" : text.substring(1);
            Line line;
            switch (prefix) {
                case ' ' -> {
                    line = new Line(body, current.oldLine++, current.newLine++, Line.CONTEXT);
                    current.remainingOld--;
                    current.remainingNew--;
                }
                case '-' -> {
                    line = new Line(body, current.oldLine++, null, Line.REMOVED);
                    current.remainingOld--;
                }
                case '+' -> {
                    line = new Line(body, null, current.newLine++, Line.ADDED);
                    current.remainingNew--;
                }
                case '\\' -> line = new Line(body.strip(), null, null, Line.NO_NEWLINE);
                default -> {
                    inHunk = false;
                    continue;
                }
            }
            current.lines.add(line);
            keptLines++;
            keptBytes += size;
        }
        if (!sawSection) {
            return null;
        }
        if (binary) {
            return new DiffContent.Binary();
        }
        List<Hunk> hunks = builders.stream().filter(b -> !b.lines.isEmpty()).map(HunkBuilder::build).toList();
        if (hunks.isEmpty()) {
            if (newFileMode != null) {
                notices.add("new empty file");
            } else if (deletedMode != null) {
                notices.add("empty file deleted");
            }
        }
        if (symlink) {
            notices.add("symbolic link: the text is the link target, which is not followed");
        }
        if (badUtf8) {
            notices.add("not valid UTF-8: invalid bytes are shown as U+FFFD");
        }
        if (truncated) {
            notices.add("preview truncated: at most " + maxLines + " lines and " + (maxBytes / 1024)
                    + " KiB are shown");
        }
        if (hunks.isEmpty() && notices.isEmpty()) {
            return new DiffContent.Unchanged();
        }
        return new DiffContent.Text(hunks, truncated, notices.isEmpty() ? null : String.join("; ", notices));
    }

    private static List<byte[]> splitLines(byte[] output, boolean dropPartialTail) {
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < output.length; i++) {
            if (output[i] == '\n') {
                lines.add(java.util.Arrays.copyOfRange(output, start, i));
                start = i + 1;
            }
        }
        if (start < output.length && !dropPartialTail) {
            lines.add(java.util.Arrays.copyOfRange(output, start, output.length));
        }
        return lines;
    }

    private static String decode(byte[] raw) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            return decoder.decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static String decodeLenient(byte[] raw) {
        return new String(raw, StandardCharsets.UTF_8);
    }

    private static final class HunkBuilder {
        final int oldStart;
        final int oldCount;
        final int newStart;
        final int newCount;
        final String heading;
        final List<Line> lines = new ArrayList<>();
        int oldLine;
        int newLine;
        int remainingOld;
        int remainingNew;

        HunkBuilder(Matcher m) {
            oldStart = Integer.parseInt(m.group(1));
            oldCount = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
            newStart = Integer.parseInt(m.group(3));
            newCount = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
            heading = m.group(5);
            oldLine = oldStart;
            newLine = newStart;
            remainingOld = oldCount;
            remainingNew = newCount;
        }

        Hunk build() {
            return new Hunk(oldStart, oldCount, newStart, newCount, heading, lines);
        }
    }
}
