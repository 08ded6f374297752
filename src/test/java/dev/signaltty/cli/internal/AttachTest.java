package dev.signaltty.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class AttachTest {

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Nested
    class OutputCursorTrimming {

        @Test
        void dropsAChunkTheSnapshotAlreadyCovers() { // seed R300
            OutputCursor cursor = new OutputCursor(100);
            assertThat(cursor.accept(b("abcd"), 100)).isInstanceOfSatisfying(OutputCursor.Feed.class,
                    f -> assertThat(f.bytes()).isEmpty());
            assertThat(cursor.covered()).isEqualTo(100);
        }

        @Test
        void trimsTheCoveredHeadOfAStraddlingChunk() {
            OutputCursor cursor = new OutputCursor(102);
            assertThat(cursor.accept(b("abcdef"), 104)).isInstanceOfSatisfying(OutputCursor.Feed.class,
                    f -> assertThat(new String(f.bytes(), StandardCharsets.UTF_8)).isEqualTo("ef"));
            assertThat(cursor.covered()).isEqualTo(104);
        }

        @Test
        void feedsContinuousChunksWhole() {
            OutputCursor cursor = new OutputCursor(0);
            cursor.accept(b("ab"), 2);
            assertThat(cursor.accept(b("cd"), 4)).isInstanceOfSatisfying(OutputCursor.Feed.class,
                    f -> assertThat(f.bytes()).isEqualTo(b("cd")));
        }

        @Test
        void reportsAForwardGapInsteadOfFeeding() { // seed R301
            OutputCursor cursor = new OutputCursor(10);
            assertThat(cursor.accept(b("xy"), 15)).isEqualTo(new OutputCursor.Gap(10, 13));
            assertThat(cursor.covered()).isEqualTo(10);
            cursor.reset(15);
            assertThat(cursor.accept(b("z"), 16)).isInstanceOf(OutputCursor.Feed.class);
        }
    }

    @Nested
    class DetachKeyFilter {

        @Test
        void detachesOnCtrlBackslashDroppingWhatFollows() {
            DetachKeys.Filtered f = new DetachKeys().filter(new byte[] {'a', 0x1c, 'b'}, 3);
            assertThat(f.detach()).isTrue();
            assertThat(f.forward()).containsExactly('a');
        }

        @Test
        void detachesOnCtrlBThenDEvenAcrossReads() {
            DetachKeys keys = new DetachKeys();
            DetachKeys.Filtered first = keys.filter(new byte[] {'x', 0x02}, 2);
            assertThat(first.detach()).isFalse();
            assertThat(first.forward()).containsExactly('x');
            assertThat(keys.filter(new byte[] {'d'}, 1).detach()).isTrue();
        }

        @Test
        void passesCtrlBThroughWhenNotFollowedByD() {
            DetachKeys keys = new DetachKeys();
            assertThat(keys.filter(new byte[] {0x02, 'c'}, 2).forward()).containsExactly(0x02, 'c');
            assertThat(keys.filter(new byte[] {0x02, 0x02}, 2).forward()).containsExactly(0x02);
        }
    }
}
