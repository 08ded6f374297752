package dev.signaltty.workspace.internal.git;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.CheckoutGuard;

/**
 * The path reservation of seed R147: a checkout being removed cannot receive a new workspace or a pane
 * launch, and a removal cannot start while such a creation or launch is in flight inside it.
 *
 * <p>Creators either take a {@link Use} around "validate, launch, register", or call
 * {@link #refuseIfRemoving} under the structure lock that also covers their registration;
 * {@code worktree.remove} takes a {@link Removal} around "check workspaces and panes, git worktree
 * remove". Exactly one side wins a race; the other gets BAD_PARAMS (or PANES_ALIVE). Paths are compared canonically
 * (symlinks resolved) on whole components: {@code …/proj-other} is not inside {@code …/proj}.
 */
public final class CheckoutReservations implements CheckoutGuard {

    private final Object lock = new Object();
    private final Set<Path> removals = new HashSet<>();
    private final Map<Path, Integer> uses = new HashMap<>();

    /** A creation or launch in progress at a path; close it once the result is registered. */
    public interface Use extends AutoCloseable {
        @Override
        void close();
    }

    @Override
    public void refuseIfRemoving(Path dir, String field) {
        Path canonical = canonical(dir);
        synchronized (lock) {
            for (Path removing : removals) {
                if (canonical.startsWith(removing)) {
                    throw ProtocolException.badParams(field, removing + " is being removed");
                }
            }
        }
    }

    /** A removal in progress; close it when the removal finished or failed. */
    public interface Removal extends AutoCloseable {
        Path checkout();

        @Override
        void close();
    }

    /**
     * Marks a workspace creation or pane launch at {@code dir}; BAD_PARAMS with {@code field} if
     * {@code dir} is a checkout being removed or lies inside one.
     */
    public Use beginUse(Path dir, String field) {
        Path canonical = canonical(dir);
        synchronized (lock) {
            for (Path removing : removals) {
                if (canonical.startsWith(removing)) {
                    throw ProtocolException.badParams(field, removing + " is being removed");
                }
            }
            uses.merge(canonical, 1, Integer::sum);
        }
        return () -> {
            synchronized (lock) {
                uses.computeIfPresent(canonical, (k, n) -> n == 1 ? null : n - 1);
            }
        };
    }

    /**
     * Reserves {@code checkout} for removal; BAD_PARAMS with {@code field} if it is already being
     * removed, or a creation or launch is in flight inside it.
     */
    public Removal reserveRemoval(Path checkout, String field) {
        Path canonical = canonical(checkout);
        synchronized (lock) {
            if (removals.contains(canonical)) {
                throw ProtocolException.badParams(field, canonical + " is already being removed");
            }
            for (Path used : uses.keySet()) {
                if (used.startsWith(canonical)) {
                    throw ProtocolException.badParams(field, "a workspace or pane is being opened in " + used);
                }
            }
            removals.add(canonical);
        }
        return new Removal() {
            @Override
            public Path checkout() {
                return canonical;
            }

            @Override
            public void close() {
                synchronized (lock) {
                    removals.remove(canonical);
                }
            }
        };
    }

    public boolean isBeingRemoved(Path dir) {
        Path canonical = canonical(dir);
        synchronized (lock) {
            return removals.stream().anyMatch(canonical::startsWith);
        }
    }

    /** The real path when it exists (symlinks resolved), else the normalized absolute path. */
    public static Path canonical(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        try {
            return absolute.toRealPath();
        } catch (IOException e) {
            // Resolve the longest existing prefix so a symlinked parent still compares equal.
            Path parent = absolute.getParent();
            if (parent == null || parent.equals(absolute)) {
                return absolute;
            }
            return canonical(parent).resolve(absolute.getFileName());
        }
    }
}
