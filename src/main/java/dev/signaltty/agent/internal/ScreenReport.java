package dev.signaltty.agent.internal;

import org.jspecify.annotations.Nullable;

import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;

/**
 * What a screen rule of an agent manifest matched (agent/internal/screen): the state it names
 * (either axis may be null) and where it matched. {@link ScreenMapping} turns it into a move.
 *
 * @param file    the manifest's file: {@code builtin:agents/aider.json} or a path in the config dir
 * @param region  {@code last_lines:N}, {@code screen}, {@code prompt_box}, {@code title} or {@code progress}
 * @param matched the matched text (capped by the scanner)
 */
public record ScreenReport(String manifest, String file, String rule, int priority, String region, String matched,
                           @Nullable Lifecycle lifecycle, @Nullable Attention attention) {

    /** The lifecycle states a screen rule may name ({@code unknown} and {@code exited} are not the screen's to say). */
    public static final java.util.List<Lifecycle> LIFECYCLES = java.util.List.of(Lifecycle.IDLE, Lifecycle.WORKING,
            Lifecycle.BLOCKED, Lifecycle.DONE);
    /** The attention states a screen rule may name. */
    public static final java.util.List<Attention> ATTENTIONS = java.util.List.of(Attention.values());
}
