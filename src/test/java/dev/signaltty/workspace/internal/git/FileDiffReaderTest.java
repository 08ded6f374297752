package dev.signaltty.workspace.internal.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.DiffContent;
import dev.signaltty.workspace.DiffContent.Hunk;
import dev.signaltty.workspace.DiffContent.Line;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FileDiffReaderTest {

    @TempDir
    Path tmp;

    TestRepo repo;
    FileDiffReader reader;

    @BeforeEach
    void setUp() {
        repo = TestRepo.init(tmp);
        reader = new FileDiffReader(repo.runner(), FileDiffReader.DEFAULT_DEADLINE);
    }

    DiffContent diff(String path) {
        return reader.read(repo.root, RepoPath.parse(path));
    }

    static DiffContent.Text text(DiffContent content) {
        assertThat(content).isInstanceOf(DiffContent.Text.class);
        return (DiffContent.Text) content;
    }

    static List<Line> allLines(DiffContent.Text text) {
        return text.hunks().stream().flatMap(h -> h.lines().stream()).toList();
    }

    static String numbered(int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i <= to; i++) {
            sb.append("line ").append(i).append('\n');
        }
        return sb.toString();
    }

    @Nested
    class PathRules {

        // seed R250, seed R251, seed R252, seed R253, seed R254
        @ParameterizedTest
        @ValueSource(strings = {"", "/etc/passwd", "/", "a\0b", ".", "..", "./a", "a/.", "a/../b", "../outside",
                ".git", ".git/config", "sub/.git/HEAD", ".GIT/index", "a//b", "a/", "\uD800"})
        void refusesWithBadParamsNamingThePathField(String path) {
            assertThatThrownBy(() -> RepoPath.parse(path))
                    .isInstanceOfSatisfying(ProtocolException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.BAD_PARAMS);
                        assertThat(e.details()).containsEntry("field", "path");
                    });
        }

        @Test
        void acceptsDotFilesThatAreNotGitPrivate() {
            assertThat(RepoPath.parse(".gitignore").components()).containsExactly(".gitignore");
            assertThat(RepoPath.parse("a/.github/ci.yml").components()).containsExactly("a", ".github", "ci.yml");
        }

        // seed R255
        @Test
        void keepsWildcardLookingNamesLiteral() {
            repo.write("*.txt", "star\n");
            repo.write("a.txt", "a\n");
            repo.write("[ab].md", "bracket\n");
            repo.write("a.md", "plain\n");
            repo.commitAll("init");
            repo.write("*.txt", "star2\n");
            repo.write("a.txt", "a2\n");
            repo.write("a.md", "plain2\n");

            assertThat(allLines(text(diff("*.txt")))).extracting(Line::text).containsExactly("star", "star2");
            assertThat(diff("[ab].md")).isInstanceOf(DiffContent.Unchanged.class);
        }
    }

    @Nested
    class TrackedFiles {

        // seed R256, seed R261, seed R272, seed R273
        @Test
        void showsAModifiedLineWithThreeContextLinesAndLineNumbers() {
            repo.write("f.txt", numbered(1, 20));
            repo.commitAll("init");
            repo.write("f.txt", numbered(1, 20).replace("line 10\n", "line ten\n"));

            DiffContent.Text text = text(diff("f.txt"));
            assertThat(text.truncated()).isFalse();
            assertThat(text.hunks()).hasSize(1);
            Hunk hunk = text.hunks().getFirst();
            assertThat(List.of(hunk.oldStart(), hunk.oldCount(), hunk.newStart(), hunk.newCount()))
                    .containsExactly(7, 7, 7, 7);
            assertThat(hunk.lines()).extracting(Line::kind).containsExactly(
                    "context", "context", "context", "removed", "added", "context", "context", "context");
            assertThat(hunk.lines().get(3)).isEqualTo(new Line("line 10", 10, null, "removed"));
            assertThat(hunk.lines().get(4)).isEqualTo(new Line("line ten", null, 10, "added"));
            assertThat(hunk.lines().get(5)).isEqualTo(new Line("line 11", 11, 11, "context"));
        }

        @Test
        void carriesTheFunctionHeadingOfAHunk() {
            String body = numbered(1, 10).replace("line", "    line");
            repo.write("f.c", "int main(void)\n{\n" + body + "}\n");
            repo.commitAll("init");
            repo.write("f.c", "int main(void)\n{\n" + body.replace("line 8\n", "line eight\n") + "}\n");

            assertThat(text(diff("f.c")).hunks().getFirst().heading()).isEqualTo("int main(void)");
        }

        // seed R259
        @Test
        void combinesStagedAndUnstagedEditsAgainstHead() {
            repo.write("f.txt", numbered(1, 30));
            repo.commitAll("init");
            repo.write("f.txt", numbered(1, 30).replace("line 2\n", "staged\n"));
            repo.git("add", "f.txt");
            repo.write("f.txt", numbered(1, 30).replace("line 2\n", "staged\n").replace("line 25\n", "unstaged\n"));

            DiffContent.Text text = text(diff("f.txt"));
            assertThat(allLines(text)).filteredOn(l -> !l.kind().equals("context")).extracting(Line::text)
                    .containsExactly("line 2", "staged", "line 25", "unstaged");
        }

        // seed R257
        @Test
        void showsADeletionAsRemovedLines() {
            repo.write("gone.txt", "one\ntwo\n");
            repo.commitAll("init");
            repo.git("rm", "-q", "gone.txt");

            DiffContent.Text text = text(diff("gone.txt"));
            assertThat(allLines(text)).containsExactly(new Line("one", 1, null, "removed"), new Line("two", 2, null, "removed"));
        }

        @Test
        void showsAFileDeletedOnlyInTheWorktreeAsRemovedLines() throws IOException {
            repo.write("gone.txt", "one\n");
            repo.commitAll("init");
            Files.delete(repo.root.resolve("gone.txt"));

            assertThat(allLines(text(diff("gone.txt")))).containsExactly(new Line("one", 1, null, "removed"));
        }

        // seed R274
        @Test
        void reportsAnUnmodifiedFileAsUnchanged() {
            repo.write("f.txt", "same\n");
            repo.commitAll("init");

            assertThat(diff("f.txt")).isEqualTo(new DiffContent.Unchanged());
        }

        @Test
        void reportsBinaryContentAsBinary() {
            repo.write("b.bin", new byte[] {0, 1, 2, 3});
            repo.commitAll("init");
            repo.write("b.bin", new byte[] {0, 1, 2, 4, 0});

            assertThat(diff("b.bin")).isEqualTo(new DiffContent.Binary());
        }

        // seed R275
        @Test
        void reportsAModeOnlyChangeAsTextWithoutHunksAndANotice() throws IOException {
            repo.write("run.sh", "echo hi\n");
            repo.commitAll("init");
            Files.setPosixFilePermissions(repo.root.resolve("run.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));

            DiffContent.Text text = text(diff("run.sh"));
            assertThat(text.hunks()).isEmpty();
            assertThat(text.notice()).contains("mode changed from 100644 to 100755");
        }

        @Test
        void marksAMissingFinalNewline() {
            repo.write("f.txt", "a\nb");
            repo.commitAll("init");
            repo.write("f.txt", "a\nc");

            assertThat(allLines(text(diff("f.txt")))).extracting(Line::kind)
                    .containsExactly("context", "removed", "no_newline", "added", "no_newline");
            assertThat(allLines(text(diff("f.txt"))).get(2).text()).isEqualTo("No newline at end of file");
        }
    }

    @Nested
    class ConfigurationThatCannotChangeTheOutput {

        // seed R261, seed R263, seed R264, seed R269
        @Test
        void ignoresGitDiffOptsExternalDiffTextconvAndContextConfig() throws IOException {
            Path ext = tmp.resolve("ext.sh");
            Files.writeString(ext, "#!/bin/sh\necho EXTERNAL\n");
            Files.setPosixFilePermissions(ext, PosixFilePermissions.fromString("rwx------"));
            repo.git("config", "diff.context", "10");
            repo.git("config", "diff.external", ext.toString());
            repo.git("config", "diff.shout.textconv", "tr a-z A-Z");
            repo.write(".gitattributes", "*.txt diff=shout\n");
            repo.write("f.txt", numbered(1, 20));
            repo.commitAll("init");
            repo.write("f.txt", numbered(1, 20).replace("line 10\n", "line ten\n"));
            Map<String, String> inherited = new HashMap<>(System.getenv());
            inherited.put("GIT_DIFF_OPTS", "--unified=10");
            inherited.put("GIT_EXTERNAL_DIFF", ext.toString());
            FileDiffReader hostile = new FileDiffReader(new GitRunner(inherited, repo.env), Duration.ofSeconds(8));

            DiffContent.Text text = text(hostile.read(repo.root, RepoPath.parse("f.txt")));
            Hunk hunk = text.hunks().getFirst();
            assertThat(hunk.oldCount()).isEqualTo(7);
            assertThat(hunk.lines()).extracting(Line::text).contains("line ten").doesNotContain("LINE TEN", "EXTERNAL");
        }
    }

    @Nested
    class UntrackedAndIgnoredFiles {

        // seed R258, seed R276
        @Test
        void showsAnUntrackedFileAsAllAdditionsWithoutTouchingTheIndex() {
            repo.write("f.txt", "x\n");
            repo.commitAll("init");
            byte[] indexBefore = repo.indexBytes();
            List<String> objectsBefore = repo.objectFiles();
            repo.write("new.txt", "one\ntwo\n");
            repo.write("empty.txt", "");

            assertThat(diff("empty.txt")).isInstanceOf(DiffContent.Text.class);
            DiffContent.Text text = text(diff("new.txt"));
            assertThat(allLines(text)).containsExactly(new Line("one", null, 1, "added"), new Line("two", null, 2, "added"));
            // seed R266: no git mutation — neither the index nor the object store changed.
            assertThat(repo.indexBytes()).isEqualTo(indexBefore);
            assertThat(repo.objectFiles()).isEqualTo(objectsBefore);
            assertThat(repo.git("status", "--porcelain")).isEqualTo("?? empty.txt\n?? new.txt\n");
        }

        // seed R275
        @Test
        void showsAnEmptyNewFileAsTextWithoutHunksAndANotice() {
            repo.write("f.txt", "x\n");
            repo.commitAll("init");
            repo.write("empty.txt", "");

            DiffContent.Text text = text(diff("empty.txt"));
            assertThat(text.hunks()).isEmpty();
            assertThat(text.notice()).contains("new empty file");
        }

        @Test
        void reportsAnIgnoredFileAsUnavailable() { // seed R282
            repo.write(".gitignore", "*.log\n");
            repo.commitAll("init");
            repo.write("debug.log", "secret\n");

            assertThat(diff("debug.log")).isEqualTo(new DiffContent.Unavailable("ignored"));
        }

        @Test
        void reportsAMissingFileAsUnavailable() {
            repo.write("f.txt", "x\n");
            repo.commitAll("init");

            assertThat(diff("nope.txt")).isEqualTo(new DiffContent.Unavailable("no such file"));
        }

        @Test
        void reportsADirectoryAsUnavailable() { // seed R282
            repo.write("dir/a.txt", "x\n");
            repo.commitAll("init");
            repo.write("dir/a.txt", "y\n");

            assertThat(diff("dir")).isEqualTo(new DiffContent.Unavailable("a directory, not a file"));
        }

        @Test
        void reportsADirectoryDeletedFromTheWorktreeAsUnavailable() throws IOException {
            repo.write("dir/a.txt", "x\n");
            repo.commitAll("init");
            Files.delete(repo.root.resolve("dir/a.txt"));
            Files.delete(repo.root.resolve("dir"));

            assertThat(diff("dir")).isEqualTo(new DiffContent.Unavailable("a directory, not a file"));
        }
    }

    @Nested
    class EmptyRepository {

        // seed R260
        @Test
        void comparesAnUntrackedFileAgainstTheEmptyTree() {
            repo.write("first.txt", "hello\n");

            assertThat(allLines(text(diff("first.txt")))).containsExactly(new Line("hello", null, 1, "added"));
            assertThat(Files.exists(repo.root.resolve(".git/index"))).isFalse();
            assertThat(repo.objectFiles()).isEmpty();
        }

        @Test
        void comparesAStagedFileAgainstTheEmptyTree() {
            repo.write("first.txt", "hello\n");
            repo.git("add", "first.txt");
            repo.write("first.txt", "hello\nworld\n");

            assertThat(allLines(text(diff("first.txt")))).extracting(Line::text).containsExactly("hello", "world");
        }
    }

    @Nested
    class Conversions {

        @Test
        void keepsACarriageReturnAsLiteralTextWhenNoConversionApplies() {
            repo.write("dos.txt", "one\r\ntwo\r\n");
            repo.commitAll("init");
            repo.write("dos.txt", "one\r\nTWO\r\n");

            assertThat(allLines(text(diff("dos.txt")))).filteredOn(l -> l.kind().equals("added"))
                    .extracting(Line::text).containsExactly("TWO\r");
        }

        // seed R267
        @Test
        void normalizesCrlfThroughTheEolAttribute() {
            repo.write(".gitattributes", "*.txt text eol=crlf\n");
            repo.write("dos.txt", "one\r\ntwo\r\nthree\r\n");
            repo.commitAll("init");
            repo.write("dos.txt", "one\r\n2\r\nthree\r\n");

            DiffContent.Text text = text(diff("dos.txt"));
            assertThat(allLines(text)).extracting(Line::text).containsExactly("one", "two", "2", "three");
        }

        // seed R267
        @Test
        void honoursACleanFilterFromLocalConfiguration() {
            repo.git("config", "filter.upper.clean", "tr a-z A-Z");
            repo.git("config", "filter.upper.smudge", "cat");
            repo.write(".gitattributes", "*.up filter=upper\n");
            repo.write("f.up", "hello\n");
            repo.commitAll("init");
            repo.write("f.up", "hello\nworld\n");

            assertThat(allLines(text(diff("f.up")))).containsExactly(
                    new Line("HELLO", 1, 1, "context"), new Line("WORLD", null, 2, "added"));
        }

        // seed R268, seed R283
        @Test
        void killsASlowCleanFilterAtTheDeadlineWithTimeout() throws IOException {
            Path pidFile = tmp.resolve("sleep.pid");
            repo.git("config", "filter.slow.clean", "sleep 30 & echo $! > '" + pidFile + "'; wait; cat");
            repo.write(".gitattributes", "*.slow filter=slow\n");
            repo.git("config", "filter.slow.required", "false");
            repo.write("f.slow", "v1\n");
            repo.git("config", "filter.slow.clean", "cat");
            repo.commitAll("init");
            repo.git("config", "filter.slow.clean", "sleep 30 & echo $! > '" + pidFile + "'; wait; cat");
            repo.write("f.slow", "v2\n");
            FileDiffReader quick = new FileDiffReader(repo.runner(), Duration.ofMillis(1500));

            long start = System.nanoTime();
            assertThatThrownBy(() -> quick.read(repo.root, RepoPath.parse("f.slow")))
                    .isInstanceOfSatisfying(ProtocolException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT));
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            long sleeper = Long.parseLong(Files.readString(pidFile).strip());
            // The filter's child is in git's process group: it dies with it (reaping may lag a moment).
            long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
            while (ProcessHandle.of(sleeper).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < until) {
                sleepBriefly();
            }
            assertThat(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        }
    }

    @Nested
    class Caps {

        // seed R279, seed R281
        @Test
        void stopsAtTenThousandLinesKeepingWholeLines() {
            repo.write("f.txt", "x\n");
            repo.commitAll("init");
            repo.write("big.txt", numbered(1, 10_050));

            DiffContent.Text text = text(diff("big.txt"));
            assertThat(text.truncated()).isTrue();
            assertThat(text.notice()).contains("truncated");
            List<Line> lines = allLines(text);
            assertThat(lines).hasSize(10_000);
            assertThat(lines.getLast()).isEqualTo(new Line("line 10000", null, 10_000, "added"));
        }

        // seed R278, seed R281
        @Test
        void stopsAt512KibKeepingWholeLines() {
            repo.write("f.txt", "x\n");
            repo.commitAll("init");
            String row = "y".repeat(999) + "\n";
            repo.write("wide.txt", row.repeat(600));

            DiffContent.Text text = text(diff("wide.txt"));
            assertThat(text.truncated()).isTrue();
            List<Line> lines = allLines(text);
            assertThat(lines).allSatisfy(l -> assertThat(l.text()).hasSize(999));
            assertThat(lines.size() * 1000).isLessThanOrEqualTo(512 * 1024);
            assertThat((lines.size() + 1) * 1000).isGreaterThan(512 * 1024);
        }
    }

    @Nested
    class Symlinks {

        // seed R285
        @Test
        void showsAnUntrackedSymlinkAsItsTargetNotTheOutsideContent() throws IOException {
            Path outside = Files.writeString(tmp.resolve("outside-secret.txt"), "TOP SECRET\n");
            repo.write("f.txt", "x\n");
            repo.commitAll("init");
            Files.createSymbolicLink(repo.root.resolve("link"), outside);

            DiffContent.Text text = text(diff("link"));
            assertThat(allLines(text)).extracting(Line::text).contains(outside.toString()).doesNotContain("TOP SECRET");
            assertThat(text.notice()).contains("symbolic link");
        }

        // seed R285
        @Test
        void showsAChangedTrackedSymlinkAsItsTargetText() throws IOException {
            Path outside = Files.writeString(tmp.resolve("outside-secret.txt"), "TOP SECRET\n");
            Files.createSymbolicLink(repo.root.resolve("link"), Path.of("f.txt"));
            repo.write("f.txt", "x\n");
            repo.commitAll("init");
            Files.delete(repo.root.resolve("link"));
            Files.createSymbolicLink(repo.root.resolve("link"), outside);

            assertThat(allLines(text(diff("link")))).extracting(Line::text)
                    .containsExactly("f.txt", "No newline at end of file", outside.toString(), "No newline at end of file");
        }

        @Test
        void concatenatesBothSectionsOfAFileReplacedByASymlink() throws IOException {
            repo.write("thing", "was a file\n");
            repo.commitAll("init");
            Files.delete(repo.root.resolve("thing"));
            Files.createSymbolicLink(repo.root.resolve("thing"), Path.of("target"));

            assertThat(allLines(text(diff("thing")))).extracting(Line::kind, Line::text).containsExactly(
                    org.assertj.core.groups.Tuple.tuple("removed", "was a file"),
                    org.assertj.core.groups.Tuple.tuple("added", "target"),
                    org.assertj.core.groups.Tuple.tuple("no_newline", "No newline at end of file"));
        }

        // seed R285
        @Test
        void refusesToReadThroughASymlinkedDirectory() throws IOException {
            Path outsideDir = Files.createDirectories(tmp.resolve("outside"));
            Files.writeString(outsideDir.resolve("secret.txt"), "TOP SECRET\n");
            repo.write("f.txt", "x\n");
            repo.commitAll("init");
            Files.createSymbolicLink(repo.root.resolve("dirlink"), outsideDir);

            assertThat(diff("dirlink/secret.txt")).isEqualTo(new DiffContent.Unavailable("the path is beyond a symbolic link"));
        }
    }

    @Test
    void reportsADirectoryOutsideAnyCheckoutAsUnavailable() throws IOException {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        Files.writeString(plain.resolve("f.txt"), "x\n");
        Map<String, String> env = new HashMap<>(repo.env);
        env.put("GIT_CEILING_DIRECTORIES", tmp.toString());

        assertThat(new FileDiffReader(new GitRunner(env), Duration.ofSeconds(8)).read(plain, RepoPath.parse("f.txt")))
                .isEqualTo(new DiffContent.Unavailable("not a git checkout"));
    }

    static void sleepBriefly() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
