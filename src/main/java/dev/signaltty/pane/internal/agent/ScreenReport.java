package dev.signaltty.pane.internal.agent;

import org.jspecify.annotations.Nullable;

/**
 * What a screen rule of an agent manifest matched (pane/internal/agent/screen): the state it names
 * (either axis may be null) and where it matched. {@link ScreenMapping} turns it into a move.
 *
 * @param file    the manifest's file: {@code builtin:agents/aider.json} or a path in the config dir
 * @param region  {@code last_lines:N}, {@code screen}, {@code prompt_box}, {@code title} or {@code progress}
 * @param matched the matched text (capped by the scanner)
 */
public record ScreenReport(String manifest, String file, String rule, int priority, String region, String matched,
                           @Nullable String lifecycle, @Nullable String attention) {
}
