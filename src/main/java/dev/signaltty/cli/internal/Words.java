package dev.signaltty.cli.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a console line into words like bash: single and double quotes, backslash escapes, and bash's
 * {@code $'…'} (ANSI-C quoting: {@code \r}, {@code \n}, {@code \t}, {@code \e}, {@code \\x} + two hex digits,
 * {@code \\u} + four hex digits, octal {@code \NNN}, {@code \cX}, …), so {@code pane write web $'make\r'} types what it
 * does in a shell.
 */
public final class Words {

    private Words() {
    }

    public static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '$' && i + 1 < line.length() && line.charAt(i + 1) == '\'') {
                i = ansiC(line, i + 2, word);
                inWord = true;
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new ArgParser.UsageException("unterminated " + quote + " quote", null);
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    /** Reads a {@code $'…'} body from {@code i} (after the opening quote); returns the index of the closing quote. */
    private static int ansiC(String line, int i, StringBuilder word) {
        for (; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                return i;
            }
            if (c != '\\' || i + 1 >= line.length()) {
                word.append(c);
                continue;
            }
            char e = line.charAt(++i);
            switch (e) {
                case 'n' -> word.append('\n');
                case 'r' -> word.append('\r');
                case 't' -> word.append('\t');
                case 'a' -> word.append('\u0007');
                case 'b' -> word.append('\b');
                case 'e', 'E' -> word.append('\u001b');
                case 'f' -> word.append('\f');
                case 'v' -> word.append('\u000b');
                case '\\', '\'', '"', '?' -> word.append(e);
                case 'c' -> {
                    if (i + 1 < line.length()) {
                        word.append((char) (Character.toUpperCase(line.charAt(++i)) ^ 0x40));
                    }
                }
                case 'x' -> i = number(line, i + 1, 16, 2, word) - 1;
                case 'u' -> i = number(line, i + 1, 16, 4, word) - 1;
                case 'U' -> i = number(line, i + 1, 16, 8, word) - 1;
                default -> {
                    if (e >= '0' && e <= '7') {
                        i = number(line, i, 8, 3, word) - 1;
                    } else {
                        word.append('\\').append(e); // bash keeps an unknown escape as written
                    }
                }
            }
        }
        throw new ArgParser.UsageException("unterminated $' quote", null);
    }

    /** Up to {@code max} digits in {@code radix} from {@code i} as one code point; returns the index after them. */
    private static int number(String line, int i, int radix, int max, StringBuilder word) {
        int end = i;
        while (end < line.length() && end - i < max && Character.digit(line.charAt(end), radix) >= 0) {
            end++;
        }
        if (end == i) {
            word.append('\\').append(line.charAt(i - 1));
            return i;
        }
        word.appendCodePoint(Integer.parseInt(line.substring(i, end), radix));
        return end;
    }
}
