package dev.signaltty.journal;

import java.util.Optional;

/**
 * Named JSON documents that survive a restart (workspaces, panes, tasks, decisions).
 *
 * <p>Guarantees: {@link #save} replaces the document atomically and durably (synced temporary write,
 * rename, directory sync) before it returns, so a crash leaves the old or the new document, never a
 * mix. Snapshot durability is separate from the journal (seed R178): a snapshot may lag the audit.
 * Documents are written with the protocol's JSON conventions (snake_case record components, nulls
 * omitted). Names are {@code [a-z0-9][a-z0-9._-]*}, at most 64 characters.
 */
public interface SnapshotStore {

    /**
     * Saves {@code document} under {@code name}.
     *
     * @throws java.io.UncheckedIOException when it cannot be made durable
     */
    void save(String name, Object document);

    /**
     * Loads the document saved under {@code name}, or empty when there is none.
     *
     * @throws IllegalStateException when the file exists but cannot be read as {@code type} (the
     *                               message names the file; startup should fail rather than guess)
     */
    <T> Optional<T> load(String name, Class<T> type);

    /** Removes the document; a no-op when there is none. */
    void delete(String name);
}
