package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SequencerTest {

    @TempDir
    Path dir;

    private long reservedOnDisk() {
        return Sequencer.read(dir.resolve(Sequencer.FILE));
    }

    @Nested
    class OnAFreshStateDirectory {

        @Test
        void reservesAWholeBlockDurablyBeforeIssuingTheFirstNumber() { // seed R172, seed R173
            Sequencer sequencer = Sequencer.open(dir, new Durability(), 0);
            assertThat(Files.exists(dir.resolve(Sequencer.FILE))).isFalse();
            assertThat(sequencer.next()).isEqualTo(1);
            assertThat(reservedOnDisk()).isEqualTo(Sequencer.BLOCK);
            assertThat(Files.exists(dir.resolve(Sequencer.FILE + ".tmp"))).isFalse();
        }

        @Test
        void reservesTheNextBlockOnlyWhenTheCurrentOneIsUsedUp() { // seed R18, seed R172
            Sequencer sequencer = Sequencer.open(dir, new Durability(), 0);
            long last = 0;
            for (int i = 0; i < Sequencer.BLOCK; i++) {
                long seq = sequencer.next();
                assertThat(seq).isGreaterThan(last);
                last = seq;
            }
            assertThat(reservedOnDisk()).isEqualTo(Sequencer.BLOCK);
            assertThat(sequencer.next()).isEqualTo(Sequencer.BLOCK + 1);
            assertThat(reservedOnDisk()).isEqualTo(2L * Sequencer.BLOCK);
        }
    }

    @Nested
    class AfterARestart {

        @Test
        void skipsEveryNumberOfTheUnusedReservation() { // seed R174
            Sequencer first = Sequencer.open(dir, new Durability(), 0);
            for (int i = 0; i < 10; i++) {
                first.next();
            }
            Sequencer second = Sequencer.open(dir, new Durability(), 0);
            assertThat(second.startBase()).isEqualTo(Sequencer.BLOCK);
            assertThat(second.next()).isEqualTo(Sequencer.BLOCK + 1);
            assertThat(reservedOnDisk()).isEqualTo(2L * Sequencer.BLOCK);
        }

        @Test
        void seedsALegacyStateDirectoryFromTheLargestRetainedSeq() { // seed R179
            Sequencer sequencer = Sequencer.open(dir, new Durability(), 777);
            assertThat(sequencer.next()).isEqualTo(778);
            assertThat(reservedOnDisk()).isEqualTo(777 + Sequencer.BLOCK);
        }
    }

    @Nested
    class WithACorruptReservation {

        @Test
        void failsWithAMessageNamingTheFile() throws IOException { // seed R177
            Files.writeString(dir.resolve(Sequencer.FILE), "{\"reserved_through\": \"many\"}");
            assertThatThrownBy(() -> Sequencer.open(dir, new Durability(), 0))
                    .isInstanceOf(JournalCorruptException.class)
                    .hasMessageContaining(dir.resolve(Sequencer.FILE).toString());
        }

        @Test
        void failsOnATornFileToo() throws IOException {
            Files.writeString(dir.resolve(Sequencer.FILE), "{\"reserved_thr");
            assertThatThrownBy(() -> Sequencer.open(dir, new Durability(), 0))
                    .isInstanceOf(JournalCorruptException.class)
                    .hasMessageContaining(Sequencer.FILE);
        }
    }
}
