package dev.signaltty.workspace.internal.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.DiffContent;

import org.jspecify.annotations.Nullable;

/**
 * {@code workspace.file_diff} for one literal path (seed R248, R249, R250, R251, R252, R253, R254, R255, R256, R257, R258, R259, R260, R261, R262, R263, R264, R265, R266, R267, R268, R269, R270, R271, R272, R273, R274, R275, R276, R277, R278, R279, R280, R281, R282, R283, R284, R285): staged plus unstaged changes of
 * the working tree against HEAD (or the empty tree), or against a turn baseline tree.
 *
 * <p>Only read commands run against the repository; an untracked file is diffed through a
 * {@link TempIndex} holding it as intent-to-add, so it shows as all additions without touching the
 * user's index. The worktree is only ever inspected with lstat: a symlink shows as its target text and
 * a path through a symlinked directory is {@code unavailable}, so no content outside the checkout is
 * read (R285).
 */
public final class FileDiffReader {

    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(8);

    /** Raw diff output kept: always more than the preview caps can use (prefix+newline ≤ 2 bytes/line). */
    static final long DIFF_OUTPUT_CAP = UnifiedDiffParser.MAX_BYTES * 2L + UnifiedDiffParser.MAX_LINES * 4L + 64 * 1024;

    static final List<String> DIFF_CONFIG = List.of(
            "-c", "diff.noprefix=false", "-c", "diff.mnemonicPrefix=false", "-c", "diff.relative=false",
            "-c", "diff.suppressBlankEmpty=false", "-c", "diff.external=", "-c", "color.diff=false");

    private final GitRunner git;
    private final Duration deadline;
    private final UnifiedDiffParser parser;

    public FileDiffReader(GitRunner git, Duration deadline) {
        this(git, deadline, new UnifiedDiffParser());
    }

    FileDiffReader(GitRunner git, Duration deadline, UnifiedDiffParser parser) {
        this.git = git;
        this.deadline = deadline;
        this.parser = parser;
    }

    /** The change of {@code path} in the checkout containing {@code dir} against HEAD. */
    public DiffContent read(Path dir, RepoPath path) {
        Deadline d = Deadline.in(deadline);
        Checkout checkout = Checkout.resolve(git, dir, d);
        if (checkout == null) {
            return new DiffContent.Unavailable("not a git checkout");
        }
        return read(checkout.root(), checkout.baseTree(), path, d);
    }

    /** The change of {@code path} in the checkout at {@code root} against {@code baseTree} (a task's base). */
    public DiffContent readSince(Path root, String baseTree, RepoPath path) {
        return read(root, baseTree, path, Deadline.in(deadline));
    }

    /** The change of {@code path} against an arbitrary tree (a turn baseline). */
    DiffContent read(Path root, String baseTree, RepoPath path, Deadline d) {
        Worktree wt = lstat(root, path);
        if (wt == Worktree.BEYOND_SYMLINK) {
            return new DiffContent.Unavailable("the path is beyond a symbolic link");
        }
        if (wt == Worktree.OTHER) {
            return new DiffContent.Unavailable("not a regular file or symbolic link");
        }
        Entries index = entries(git.run(root, d, Map.of(), GitRunner.DEFAULT_STDOUT_CAP,
                List.of("--literal-pathspecs", "ls-files", "-z", "--stage", "--", path.pathspec())).requireOk(), path, 0);
        Entries base = entries(git.run(root, d, Map.of(), GitRunner.DEFAULT_STDOUT_CAP,
                List.of("--literal-pathspecs", "ls-tree", "-z", baseTree, "--", path.pathspec())).requireOk(), path, 0);
        if (index.nested || base.isTree() || wt == Worktree.DIRECTORY && !index.gitlink() && !base.gitlink()) {
            return new DiffContent.Unavailable("a directory, not a file");
        }
        if (index.gitlink() || base.gitlink()) {
            return new DiffContent.Unavailable("a submodule");
        }
        if (index.exactMode != null) {
            return diff(root, baseTree, path, Map.of(), d);
        }
        if (wt == Worktree.MISSING) {
            // Not in the index and not on disk: a deletion if the base had it.
            return base.exactMode != null ? diff(root, baseTree, path, Map.of(), d)
                    : new DiffContent.Unavailable("no such file");
        }
        GitResult others = git.run(root, d, Map.of(), GitRunner.DEFAULT_STDOUT_CAP,
                List.of("--literal-pathspecs", "ls-files", "-z", "--others", "--exclude-standard", "--",
                        path.pathspec())).requireOk();
        if (entries(others, path, -1).exactMode == null) {
            return new DiffContent.Unavailable("ignored");
        }
        // Untracked: diff it as intent-to-add in a private index, so it is all additions (R276) — or,
        // against a turn baseline that captured it, the change since then.
        try (TempIndex temp = TempIndex.copyOf(git, root, d)) {
            git.run(root, d, temp.env(), GitRunner.DEFAULT_STDOUT_CAP,
                    List.of("--literal-pathspecs", "add", "--intent-to-add", "--", path.pathspec())).requireOk();
            return diff(root, baseTree, path, temp.env(), d);
        }
    }

    DiffContent diff(Path root, String baseTree, RepoPath path, Map<String, String> env, Deadline d) {
        List<String> args = new ArrayList<>();
        args.add("--literal-pathspecs");
        args.addAll(DIFF_CONFIG);
        args.addAll(List.of("diff", baseTree, "-p", "-U3", "--no-renames", "--no-ext-diff", "--no-textconv",
                "--no-color", "--no-relative", "--src-prefix=a/", "--dst-prefix=b/", "--", path.pathspec()));
        GitResult result = git.run(root, d, env, DIFF_OUTPUT_CAP, args).requireOk();
        DiffContent content = parser.parse(result.stdout(), result.stdoutTruncated());
        return content == null ? new DiffContent.Unchanged() : content;
    }

    enum Worktree { MISSING, REGULAR, SYMLINK, DIRECTORY, OTHER, BEYOND_SYMLINK }

    /** lstat along the path: never follows a symlink, and reports one in a leading component. */
    static Worktree lstat(Path root, RepoPath path) {
        Path current = root;
        List<String> parts = path.components();
        for (int i = 0; i < parts.size(); i++) {
            current = current.resolve(parts.get(i));
            BasicFileAttributes attrs;
            try {
                attrs = Files.readAttributes(current, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return Worktree.MISSING;
            } catch (IOException e) {
                if (e.getMessage() != null && e.getMessage().contains("Not a directory")) {
                    return Worktree.MISSING;
                }
                throw new ProtocolException(ErrorCode.IO_ERROR, "cannot read " + path + ": " + e.getMessage(), Map.of(), e);
            }
            boolean last = i == parts.size() - 1;
            if (!last) {
                if (attrs.isSymbolicLink()) {
                    return Worktree.BEYOND_SYMLINK;
                }
                if (!attrs.isDirectory()) {
                    return Worktree.MISSING;
                }
                continue;
            }
            if (attrs.isSymbolicLink()) {
                return Worktree.SYMLINK;
            }
            if (attrs.isDirectory()) {
                return Worktree.DIRECTORY;
            }
            return attrs.isRegularFile() ? Worktree.REGULAR : Worktree.OTHER;
        }
        return Worktree.MISSING;
    }

    /**
     * Entries of ls-files/ls-tree -z output: the mode of the entry that is exactly {@code path}, and
     * whether any entry lies below it (it is a directory there).
     */
    private record Entries(@Nullable String exactMode, boolean nested) {
        boolean gitlink() {
            return "160000".equals(exactMode);
        }

        boolean isTree() {
            return "040000".equals(exactMode);
        }
    }

    /** @param modeField index of the mode among the space-separated fields, or -1 for bare path lists */
    private static Entries entries(GitResult result, RepoPath path, int modeField) {
        String exact = null;
        boolean nested = false;
        String prefix = path.value() + "/";
        for (String record : result.stdoutText().split("\0")) {
            if (record.isEmpty()) {
                continue;
            }
            String name;
            String mode;
            if (modeField < 0) {
                name = record;
                mode = "file";
            } else {
                int tab = record.indexOf('\t');
                if (tab < 0) {
                    continue;
                }
                name = record.substring(tab + 1);
                mode = record.substring(0, tab).split(" ")[modeField];
            }
            if (name.equals(path.value())) {
                exact = mode;
            } else if (name.startsWith(prefix)) {
                nested = true;
            }
        }
        return new Entries(exact, nested);
    }
}
