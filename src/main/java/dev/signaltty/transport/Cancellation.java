package dev.signaltty.transport;

/**
 * Cancellation of one in-flight request. Single-flight handlers (waits) are cancelled when their
 * connection reaches EOF, sends another request, or the server shuts down.
 */
public interface Cancellation {

    boolean isCancelled();

    /** Why it was cancelled: {@code disconnect}, {@code superseded} (another request) or {@code shutdown}. */
    String reason();

    /** Runs {@code action} once on cancellation (immediately if already cancelled). */
    void onCancel(Runnable action);
}
