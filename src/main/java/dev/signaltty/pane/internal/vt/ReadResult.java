package dev.signaltty.pane.internal.vt;

<<<<<<< HEAD
=======
/** A tail read: the lines joined by '\n', and whether older lines were left out. */
>>>>>>> 3df3de727c0378c4a88e8407e825c3a8f9bde896
public record ReadResult(String text, boolean truncated) {
}
