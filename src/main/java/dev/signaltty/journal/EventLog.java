package dev.signaltty.journal;

import dev.signaltty.transport.EventPayload;

/**
 * The one way state changes become events.
 *
 * <p>Guarantees: {@link #append} assigns the next {@code seq}, writes {@code {seq,event,payload,at}} to
 * {@code audit.jsonl} and syncs it before any subscriber can see the event; calls from one thread are
 * published in call order. Callers append while holding their own state guard so that seq order is
 * state order. A journal write failure stops the server.
 */
public interface EventLog {

    /** Journals and publishes a state event, named by its payload record (ADR 0270); returns its seq. */
    long append(EventPayload payload);

    /**
     * The first half of {@link #append}: issues the seq and queues the record (so seq order is call
     * order), without waiting for the sync. The caller releases its state guard, then calls
     * {@link Submitted#await} before it reports success; transitions of one guard then share syncs
     * (group commit). The event is still published only after its sync. The default appends at once
     * (correct, without the shared syncs).
     */
    default Submitted submit(EventPayload payload) {
        long seq = append(payload);
        return new Submitted() {
            @Override
            public long seq() {
                return seq;
            }

            @Override
            public void await() {
                // already durable and published
            }
        };
    }

    /** A queued state event. */
    interface Submitted {

        long seq();

        /**
         * Returns once the record is durable and handed to subscribers.
         *
         * @throws dev.signaltty.transport.ProtocolException IO_ERROR when the journal failed (the server
         *         is stopping)
         */
        void await();
    }

    /**
     * Opens a deferral on this thread: until the returned scope is closed, {@link #append} here only
     * submits (it returns the seq at once) and {@link Deferred#close} awaits every record submitted
     * inside. A module that appends under one global guard opens it before taking the guard and closes
     * it after releasing it, so concurrent transitions share syncs (group commit) while each caller still
     * returns only after its events are durable and published. Scopes nest; the outermost awaits. The
     * default defers nothing.
     */
    default Deferred defer() {
        return () -> {
        };
    }

    /** An open deferral; {@link #close} waits until everything appended inside is durable. */
    interface Deferred extends AutoCloseable {

        /** @throws dev.signaltty.transport.ProtocolException IO_ERROR when the journal failed */
        @Override
        void close();
    }

    /**
     * Issues a seq for a transient event (pty.data) that is not journaled; such numbers are valid holes
     * in the journal.
     */
    long nextTransientSeq();
}
