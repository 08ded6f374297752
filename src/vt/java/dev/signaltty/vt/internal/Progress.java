package dev.signaltty.vt.internal;

import java.nio.charset.StandardCharsets;

/**
 * The progress a program reports with {@code OSC 9 ; 4 ; st ; pr} (ConEmu's sequence, also read by
 * Windows Terminal and several agent CLIs): {@code st} 0 removes it, 1 is a value, 2 an error, 3 busy
 * without a value, 4 paused; {@code pr} is 0–100. Kept as one line of text for screen rules to match
 * ("" when none): {@code normal 40}, {@code error 40}, {@code indeterminate}, {@code paused 40}.
 */
final class Progress {

    private Progress() {
    }

    /** The new progress text for the payload after {@code 9;} in {@code data[from, to)}, or null to keep the old one. */
    static String parse(byte[] data, int from, int to, String current) {
        String[] parts = new String(data, from, to - from, StandardCharsets.US_ASCII).split(";", -1);
        if (parts.length < 2 || !parts[0].equals("4")) {
            return current; // ConEmu's other OSC 9 commands (9;1 sleep, 9;9 cwd, …) are not progress
        }
        int value = parts.length > 2 ? number(parts[2]) : 0;
        return switch (parts[1]) {
            case "0" -> "";
            case "1" -> "normal " + value;
            case "2" -> "error " + value;
            case "3" -> "indeterminate";
            case "4" -> "paused " + value;
            default -> current;
        };
    }

    private static int number(String text) {
        try {
            return Math.max(0, Math.min(100, Integer.parseInt(text)));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
