package dev.signaltty.journal;

/**
 * The one way state changes become events.
 *
 * <p>Guarantees: {@link #append} assigns the next {@code seq}, writes {@code {seq,event,payload,at}} to
 * {@code audit.jsonl} and syncs it before any subscriber can see the event; calls from one thread are
 * published in call order. Callers append while holding their own state guard so that seq order is
 * state order. A journal write failure stops the server.
 */
public interface EventLog {

    /** Journals and publishes a state event; returns its seq. */
    long append(String event, Object payload);

    /**
     * Issues a seq for a transient event (pty.data) that is not journaled; such numbers are valid holes
     * in the journal.
     */
    long nextTransientSeq();
}
