package dev.signaltty.vt;

import org.jspecify.annotations.Nullable;

/**
 * One finished command's output as the terminal shows it (OSC 133 C to D).
 *
 * @param number     the command's number in this terminal (1 is the first)
 * @param output     its lines joined by '\n' (a wrapped row continues its line), without the typed echo
 * @param exitStatus from {@code D;n}; null when the shell did not say
 * @param startedSeq the rendered head when the output began: every output line is numbered above it
 * @param endedSeq   the rendered head when the command ended; a cursor for what came after
 * @param truncated  older output lines are gone (evicted from history, cleared) or were left out
 */
public record CommandOutput(long number, String output, @Nullable Integer exitStatus, long startedSeq,
                            long endedSeq, long durationMs, boolean truncated) {
}
