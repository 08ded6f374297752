package dev.signaltty.workspace.internal.git;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.signaltty.workspace.DiffSummary;
import dev.signaltty.workspace.DiffSummary.ChangedFile;

/**
 * The summary behind {@code workspace.diff} and {@code workspace.turn_diff}: one
 * {@code git diff --raw --numstat -z} against the base tree, with the same no-rename/no-ext-diff/
 * no-textconv rules as the file diff, plus the untracked listing.
 */
public final class DiffSummaryReader {

    public static final int MAX_FILES = 5_000;

    private final GitRunner git;
    private final Duration deadline;

    public DiffSummaryReader(GitRunner git, Duration deadline) {
        this.git = git;
        this.deadline = deadline;
    }

    /** Changes of the checkout containing {@code dir} against HEAD (or the empty tree). */
    public DiffSummary summarize(Path dir) {
        Deadline d = Deadline.in(deadline);
        Checkout checkout = Checkout.require(git, dir, d);
        List<ChangedFile> files = new ArrayList<>(tracked(checkout.root(), checkout.baseTree(), Map.of(), d));
        boolean truncated = files.size() > MAX_FILES;
        GitResult others = git.run(checkout.root(), d, Map.of(), GitRunner.DEFAULT_STDOUT_CAP,
                List.of("ls-files", "-z", "--others", "--exclude-standard")).requireOk();
        truncated |= others.stdoutTruncated();
        for (String name : records(others)) {
            files.add(new ChangedFile(name, "untracked", null, null, false));
        }
        return build(checkout.baseTree(), files, truncated);
    }

    /**
     * Changes since {@code baseTree} (a turn baseline), untracked files included as additions: they are
     * part of what the turn changed.
     */
    public DiffSummary summarizeSince(Path root, String baseTree) {
        return summarizeSince(root, baseTree, Deadline.in(deadline));
    }

    DiffSummary summarizeSince(Path root, String baseTree, Deadline d) {
        try (TempIndex temp = TempIndex.copyOf(git, root, d)) {
            git.run(root, d, temp.env(), GitRunner.DEFAULT_STDOUT_CAP,
                    List.of("add", "--intent-to-add", "--all", "--", ".")).requireOk();
            List<ChangedFile> files = tracked(root, baseTree, temp.env(), d);
            return build(baseTree, files, files.size() > MAX_FILES);
        }
    }

    private static DiffSummary build(String base, List<ChangedFile> files, boolean truncated) {
        List<ChangedFile> kept = files.size() > MAX_FILES ? files.subList(0, MAX_FILES) : files;
        int added = 0;
        int removed = 0;
        for (ChangedFile f : kept) {
            if (!f.status().equals("untracked")) {
                added += f.added() == null ? 0 : f.added();
                removed += f.removed() == null ? 0 : f.removed();
            }
        }
        return new DiffSummary(base, kept, added, removed, truncated);
    }

    private List<ChangedFile> tracked(Path root, String baseTree, Map<String, String> env, Deadline d) {
        List<String> args = new ArrayList<>(FileDiffReader.DIFF_CONFIG);
        args.addAll(List.of("diff", baseTree, "--raw", "--numstat", "-z", "--no-renames", "--no-ext-diff",
                "--no-textconv", "--no-color", "--no-relative"));
        GitResult result = git.run(root, d, env, GitRunner.DEFAULT_STDOUT_CAP, args).requireOk();
        List<String> records = records(result);
        // -z output: raw entries ":<modes> <ids> <status>" NUL <path>, then numstat "<a>\t<r>\t<path>".
        Map<String, String> status = new LinkedHashMap<>();
        Map<String, int[]> counts = new LinkedHashMap<>();
        for (int i = 0; i < records.size(); i++) {
            String record = records.get(i);
            if (record.startsWith(":") && i + 1 < records.size()) {
                String letter = record.substring(record.lastIndexOf(' ') + 1);
                status.put(records.get(++i), statusName(letter));
            } else {
                String[] parts = record.split("\t", 3);
                if (parts.length == 3) {
                    boolean binary = parts[0].equals("-");
                    counts.put(parts[2], binary ? null : new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])});
                }
            }
        }
        List<ChangedFile> files = new ArrayList<>();
        status.forEach((path, st) -> {
            // numstat prints "-\t-" for binary files: no counts for them.
            boolean binary = counts.containsKey(path) && counts.get(path) == null;
            int[] c = counts.getOrDefault(path, new int[] {0, 0});
            Integer added = binary ? null : Integer.valueOf(c[0]);
            Integer removed = binary ? null : Integer.valueOf(c[1]);
            files.add(new ChangedFile(path, st, added, removed, binary));
        });
        return files;
    }

    private static String statusName(String letter) {
        return switch (letter.isEmpty() ? ' ' : letter.charAt(0)) {
            case 'A' -> "added";
            case 'D' -> "deleted";
            case 'T' -> "type_changed";
            case 'U' -> "unmerged";
            default -> "modified";
        };
    }

    private static List<String> records(GitResult result) {
        List<String> out = new ArrayList<>();
        String[] parts = result.stdoutText().split("\0", -1);
        // With a truncated stream the last record may be cut: drop it.
        int n = result.stdoutTruncated() ? parts.length - 1 : parts.length;
        for (int i = 0; i < n; i++) {
            if (!parts[i].isEmpty()) {
                out.add(parts[i]);
            }
        }
        return out;
    }
}
