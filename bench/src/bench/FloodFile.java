package bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Terminal output as agents produce it: coloured (16, 256 and true colour) text, bold and underline,
 * UTF-8 in several scripts (2- to 4-byte sequences, wide CJK), erase-line, cursor moves and a carriage
 * return redraw like a progress line. Deterministic, so every run floods the same bytes.
 */
public final class FloodFile {

    private static final String[] WORDS = {"compile", "grün", "naïve", "日本語", "テスト", "✓", "→", "λ", "🙂", "résumé",
            "Ω", "data", "пример", "العربية", "│", "█", "error:", "warning", "src/main/java", "42"};

    private FloodFile() {
    }

    /** Plain text's words: mostly ASCII, some 2- and 3-byte UTF-8 (no 4-byte, no wide CJK beyond a few). */
    private static final String[] PLAIN_WORDS = {"the", "build", "passed", "in", "main", "résumé", "value", "→", "file",
            "naïve", "tests", "and", "grün", "done", "✓", "line", "of", "output", "über", "€", "for", "a", "pane", "—"};

    /** {@code FloodFile FILE MIB [plain]}: writes the flood (or the plain text) to a file, for runs by hand. */
    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        long bytes = Long.parseLong(args[1]) << 20;
        System.out.println(args.length > 2 && args[2].equals("plain") ? writePlain(file, bytes) : write(file, bytes));
    }

    /**
     * Plain text as a build or a log prints it (issue 24 item 1): 12 words a line, a few SGR colours
     * (one coloured word on every fourth line), some 2–3-byte UTF-8; no cursor moves. Writes at least
     * {@code bytes} bytes; returns the exact size.
     */
    static long writePlain(Path file, long bytes) throws IOException {
        long written = 0;
        long seed = 11;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            int n = 0;
            while (written < bytes) {
                StringBuilder line = new StringBuilder(120);
                for (int w = 0; w < 12; w++) {
                    seed = seed * 6364136223846793005L + 1442695040888963407L;
                    String word = PLAIN_WORDS[(int) ((seed >>> 33) % PLAIN_WORDS.length)];
                    if (w > 0) {
                        line.append(' ');
                    }
                    if (n % 4 == 0 && w == 3) {
                        line.append("\033[3").append(1 + n % 6).append('m').append(word).append("\033[0m");
                    } else {
                        line.append(word);
                    }
                }
                line.append('\n');
                byte[] encoded = line.toString().getBytes(StandardCharsets.UTF_8);
                out.write(encoded);
                written += encoded.length;
                n++;
            }
        }
        return written;
    }

    /** Writes at least {@code bytes} bytes; returns the exact size. */
    static long write(Path file, long bytes) throws IOException {
        long written = 0;
        long seed = 7;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            int n = 0;
            while (written < bytes) {
                StringBuilder line = new StringBuilder(200);
                switch (n % 5) {
                    case 0 -> line.append("\033[1;3").append(n % 8).append('m');
                    case 1 -> line.append("\033[38;5;").append(n % 256).append('m');
                    case 2 -> line.append("\033[38;2;").append(n % 256).append(';').append((n * 7) % 256).append(";90m");
                    case 3 -> line.append("\033[4m");
                    default -> line.append("\r\033[K[").append(n % 100).append("%] ");
                }
                for (int w = 0; w < 12; w++) {
                    seed = seed * 6364136223846793005L + 1442695040888963407L;
                    line.append(WORDS[(int) ((seed >>> 33) % WORDS.length)]).append(' ');
                }
                line.append("\033[0m");
                if (n % 50 == 0) {
                    line.append("\033[2A\033[5C\033[1B"); // cursor up, right, down: a redraw
                }
                line.append('\n');
                byte[] encoded = line.toString().getBytes(StandardCharsets.UTF_8);
                out.write(encoded);
                written += encoded.length;
                n++;
            }
        }
        return written;
    }
}
