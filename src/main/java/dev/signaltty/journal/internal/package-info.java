/**
 * The journal's machinery: reservations, audit generations and their retention proof, the ring, the
 * group-committing writer, subscriptions with replay, the snapshot files and the subscribe handlers.
 */
@NullMarked
package dev.signaltty.journal.internal;

import org.jspecify.annotations.NullMarked;
