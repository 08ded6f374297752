/**
 * Journal: seq reservations, the audit log, the in-memory ring, subscribe with replay, and the snapshot
 * that lets state survive a restart.
 */
@NullMarked
package dev.signaltty.journal;

import org.jspecify.annotations.NullMarked;
