package dev.signaltty.workspace.internal.git;

import java.nio.file.Path;

import dev.signaltty.transport.ProtocolException;

import org.jspecify.annotations.Nullable;

/**
 * A git checkout as reads see it: its top-level directory and the tree that diffs compare against
 * (HEAD's tree, or the empty tree before the first commit; seed R259, R260).
 */
record Checkout(Path root, String baseTree, boolean unborn) {

    /** Resolves the checkout containing {@code dir}; {@code null} when it is not inside one. */
    static @Nullable Checkout resolve(GitRunner git, Path dir, Deadline deadline) {
        GitResult top = git.run(dir, deadline, "rev-parse", "--show-toplevel");
        if (!top.ok()) {
            if (top.stderr().contains("not a git repository")) {
                return null;
            }
            throw top.failure();
        }
        Path root = Path.of(top.stdoutText().strip());
        GitResult head = git.run(root, deadline, "rev-parse", "-q", "--verify", "HEAD^{tree}");
        if (head.ok()) {
            return new Checkout(root, head.stdoutText().strip(), false);
        }
        // Unborn HEAD: the empty tree of this repository's hash algorithm (hash-object writes nothing).
        String empty = git.run(root, deadline, "hash-object", "-t", "tree", "--stdin").requireOk().stdoutText().strip();
        return new Checkout(root, empty, true);
    }

    static Checkout require(GitRunner git, Path dir, Deadline deadline) {
        Checkout checkout = resolve(git, dir, deadline);
        if (checkout == null) {
            // the workspace's directory is what the caller named, by its workspace_id
            throw ProtocolException.badParams("workspace_id", "its directory " + dir + " is not inside a git checkout");
        }
        return checkout;
    }
}
