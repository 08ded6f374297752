/**
 * Journal: seq reservations, the audit log, the in-memory ring, subscribe with replay, and the snapshot
 * that lets state survive a restart. Publishes {@link dev.signaltty.journal.EventLog} (append and
 * submit, synced before publication), {@link dev.signaltty.journal.JournalTail} (replay at start),
 * and {@link dev.signaltty.journal.SnapshotStore} / {@link dev.signaltty.journal.PeriodicSnapshot} /
 * {@link dev.signaltty.journal.SnapshotLifecycle} for the other modules' snapshots; the {@code subscribe}
 * and {@code unsubscribe} methods.
 */
@NullMarked
package dev.signaltty.journal;

import org.jspecify.annotations.NullMarked;
