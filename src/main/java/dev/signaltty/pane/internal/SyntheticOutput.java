package dev.signaltty.pane.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Terminal output as agents print it, for {@link OutputWarmup}: the two kinds bench.FloodFile floods with
 * (issue 24 item 1), each line ended by CR LF as a PTY's line discipline hands it over. Deterministic.
 */
final class SyntheticOutput {

    private static final String[] WORDS = {"compile", "grün", "naïve", "日本語", "テスト", "✓", "→", "λ", "🙂", "résumé",
            "Ω", "data", "пример", "العربية", "│", "█", "error:", "warning", "src/main/java", "42"};
    private static final String[] PLAIN_WORDS = {"the", "build", "passed", "in", "main", "résumé", "value", "→", "file",
            "naïve", "tests", "and", "grün", "done", "✓", "line", "of", "output", "über", "€", "for", "a", "pane", "—"};

    private SyntheticOutput() {
    }

    /** Escape-heavy lines: SGR in 16, 256 and true colour, 2- to 4-byte UTF-8, erase-line, CR redraws, cursor moves. */
    static byte[] escapeHeavy(int bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes + 256);
        long seed = 7;
        StringBuilder line = new StringBuilder(200);
        for (int n = 0; out.size() < bytes; n++) {
            line.setLength(0);
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
                line.append("\033[2A\033[5C\033[1B");
            }
            out.writeBytes(line.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    /** Plain lines as a build or a log prints them: 12 words, one coloured word every fourth line, some 2–3-byte UTF-8. */
    static byte[] plain(int bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes + 256);
        long seed = 11;
        StringBuilder line = new StringBuilder(120);
        for (int n = 0; out.size() < bytes; n++) {
            line.setLength(0);
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
            out.writeBytes(line.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }
}
