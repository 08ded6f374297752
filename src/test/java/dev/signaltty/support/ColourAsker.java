package dev.signaltty.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A bash program that asks its terminal for the default background (OSC 11 {@code ?}) once for each line it reads,
 * and prints {@code got<line>[<answer>]} with ESC shown as {@code ^}: what a program that adapts to a light or dark
 * terminal does. It prints {@link #READY} once it reads.
 */
public final class ColourAsker {

    public static final String READY = "ASKER-READY";

    private ColourAsker() {
    }

    /** Writes the script into {@code dir} as {@code ask.sh} and returns its path (run it with bash). */
    public static Path write(Path dir) throws IOException {
        return Files.writeString(dir.resolve("ask.sh"), """
                stty -echo
                echo %s
                while IFS= read -r line; do
                  printf '\\033]11;?\\033\\\\'
                  IFS= read -r -s -d '\\' -t 20 a
                  a=${a//$'\\e'/^}
                  echo "got$line[$a]"
                done
                """.formatted(READY));
    }
}
