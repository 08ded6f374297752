package dev.signaltty.pane.internal.vt;

<<<<<<< HEAD
=======
/** One line of the rendered ring with its sequence number. */
>>>>>>> 3df3de727c0378c4a88e8407e825c3a8f9bde896
public record RenderedLine(long seq, String text) {
}
