package dev.signaltty.journal;

import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;

/**
 * The journal as the source of truth for restored state (ADR 0130). A periodic snapshot records the
 * seq it reflects ({@link #issuedThrough}, read under the same guard as the state it captures, and made
 * durable with {@link #awaitDurable} before the snapshot is saved); at start the owner applies the
 * journaled events past that seq ({@link #replayAfter}), so a restart never rolls state back behind
 * what the journal already published.
 */
public interface JournalTail {

    /** Every seq issued so far is at or below this. Read it under the guard the events are appended under. */
    long issuedThrough();

    /**
     * Returns once every event with a seq at or below {@code seq} is synced (a snapshot that claims to
     * reflect them must not be saved before they are).
     *
     * @throws dev.signaltty.transport.ProtocolException IO_ERROR when the journal failed or the sync
     *         did not finish within the append deadline
     */
    void awaitDurable(long seq);

    /**
     * Calls {@code apply} for every journaled event with a seq above {@code after} whose
     * name {@code events} accepts, in seq order. When the audit no longer proves every event after
     * {@code after} (rotation discarded them, or proof was lost), the state cannot be proven: the loss is
     * recorded in the audit's retention metadata (cursors from before this run then replay
     * {@code unavailable}, never {@code complete}) and a warning names {@code document}.
     *
     * @param document the snapshot being caught up, for the log
     * @param after    the seq the snapshot reflects; null when there is no document or it is from before
     *                 seqs were recorded (nothing is replayed: it cannot say where it stands). Every
     *                 snapshot owner saves once at start, before the socket opens, so a state dir of this
     *                 version always has its documents.
     * @return the number of events applied
     */
    int replayAfter(String document, @Nullable Long after, Predicate<String> events, Consumer<Event> apply);

    /** One journaled event, as the audit holds it. */
    record Event(long seq, String event, JsonNode payload, Instant at) {
    }
}
