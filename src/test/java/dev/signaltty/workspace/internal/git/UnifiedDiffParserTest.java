package dev.signaltty.workspace.internal.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.signaltty.workspace.DiffContent;
import dev.signaltty.workspace.DiffContent.Hunk;
import dev.signaltty.workspace.DiffContent.Line;

import org.junit.jupiter.api.Test;

class UnifiedDiffParserTest {

    final UnifiedDiffParser parser = new UnifiedDiffParser();

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsHunkHeadersWithoutCountsAsOneLine() {
        DiffContent content = parser.parse(bytes("""
                diff --git a/f b/f
                index 1..2 100644
                --- a/f
                +++ b/f
                @@ -3 +3 @@ section
                -old
                +new
                """), false);

        Hunk hunk = ((DiffContent.Text) content).hunks().getFirst();
        assertThat(List.of(hunk.oldStart(), hunk.oldCount(), hunk.newStart(), hunk.newCount())).containsExactly(3, 1, 3, 1);
        assertThat(hunk.heading()).isEqualTo("section");
        assertThat(hunk.lines()).containsExactly(new Line("old", 3, null, "removed"), new Line("new", null, 3, "added"));
    }

    @Test
    void keepsSeveralHunksApartAndNumbersEachFromItsHeader() {
        DiffContent content = parser.parse(bytes("""
                diff --git a/f b/f
                --- a/f
                +++ b/f
                @@ -1,2 +1,2 @@
                 a
                -b
                +B
                @@ -10,2 +10,3 @@
                 j
                 k
                +l
                """), false);

        List<Hunk> hunks = ((DiffContent.Text) content).hunks();
        assertThat(hunks).hasSize(2);
        assertThat(hunks.get(1).lines()).containsExactly(new Line("j", 10, 10, "context"),
                new Line("k", 11, 11, "context"), new Line("l", null, 12, "added"));
    }

    @Test
    void treatsAnEmptyLineInsideAHunkAsEmptyContext() {
        DiffContent content = parser.parse(bytes("diff --git a/f b/f\n@@ -1,2 +1,2 @@\n\n-x\n+y\n"), false);

        assertThat(((DiffContent.Text) content).hunks().getFirst().lines().getFirst())
                .isEqualTo(new Line("", 1, 1, "context"));
    }

    @Test
    void dropsThePartialLastLineOfCappedOutputAndSaysItIsTruncated() {
        DiffContent content = parser.parse(bytes("diff --git a/f b/f\n@@ -0,0 +1,3 @@\n+one\n+two\n+thr"), true);

        DiffContent.Text text = (DiffContent.Text) content;
        assertThat(text.truncated()).isTrue();
        assertThat(text.hunks().getFirst().lines()).extracting(Line::text).containsExactly("one", "two");
    }

    @Test
    void replacesInvalidUtf8AndSaysSo() {
        byte[] latin1 = "diff --git a/f b/f\n@@ -0,0 +1 @@\n+caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);

        DiffContent.Text text = (DiffContent.Text) parser.parse(latin1, false);

        assertThat(text.hunks().getFirst().lines().getFirst().text()).isEqualTo("caf\uFFFD");
        assertThat(text.notice()).contains("not valid UTF-8");
    }

    @Test
    void returnsNothingForEmptyOutput() {
        assertThat(parser.parse(new byte[0], false)).isNull();
    }

    @Test
    void appliesASmallLineCapExactly() {
        UnifiedDiffParser small = new UnifiedDiffParser(1024, 2);

        DiffContent.Text text = (DiffContent.Text) small.parse(bytes("diff --git a/f b/f\n@@ -0,0 +1,3 @@\n+1\n+2\n+3\n"), false);

        assertThat(text.hunks().getFirst().lines()).hasSize(2);
        assertThat(text.truncated()).isTrue();
    }
}
