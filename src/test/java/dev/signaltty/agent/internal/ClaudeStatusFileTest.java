package dev.signaltty.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reader of Claude's {@code sessions/<pid>.json} (ADR 0320); the real file is read in ClaudeCodeRealTest. */
class ClaudeStatusFileTest {

    @TempDir
    Path config;

    Path transcript(String session) throws Exception {
        return Files.createDirectories(config.resolve("projects").resolve("-tmp-project")).resolve(session + ".jsonl");
    }

    Path status(long pid, String session, String status, long at, long mtime) throws Exception {
        Path file = Files.createDirectories(config.resolve("sessions")).resolve(pid + ".json");
        Files.writeString(file, "{\"pid\":" + pid + ",\"sessionId\":\"" + session + "\",\"status\":\"" + status
                + "\",\"updatedAt\":" + at + ",\"statusUpdatedAt\":" + at + "}");
        Files.setLastModifiedTime(file, FileTime.fromMillis(mtime));
        return file;
    }

    @Test
    void onlyATranscriptInsideProjectsWithASessionHasAStatusFile() throws Exception {
        assertThat(ClaudeStatusFile.of(transcript("s1"), null)).isNull();
        assertThat(ClaudeStatusFile.of(config.resolve("elsewhere").resolve("x").resolve("s1.jsonl"), "s1")).isNull();
        assertThat(ClaudeStatusFile.of(Path.of("s1.jsonl"), "s1")).isNull();
        assertThat(ClaudeStatusFile.of(transcript("s1"), "s1")).isNotNull();
    }

    @Test
    void anIdleWrittenAfterTheTurnsStartIsFoundByItsSessionAmongOthers() throws Exception {
        ClaudeStatusFile file = ClaudeStatusFile.of(transcript("s1"), "s1");
        status(100, "other", "idle", 5_000, 1_000);
        assertThat(file.idleAfter(2_000)).isNull(); // no file of this session yet
        Path mine = status(200, "s1", "busy", 1_500, 2_000);
        assertThat(file.idleAfter(2_000)).isNull(); // busy
        status(200, "s1", "idle", 1_900, 3_000);
        assertThat(file.idleAfter(2_000)).isNull(); // idle from before the turn began
        status(200, "s1", "idle", 2_500, 4_000);
        ClaudeStatusFile.Idle idle = file.idleAfter(2_000);
        assertThat(idle).isNotNull();
        assertThat(idle.file()).isEqualTo(mine);
        assertThat(idle.matched()).isEqualTo("\"status\":\"idle\",\"statusUpdatedAt\":2500");
    }

    @Test
    void aHalfWrittenFileIsReadAgainAtTheNextPoll() throws Exception {
        ClaudeStatusFile file = ClaudeStatusFile.of(transcript("s1"), "s1");
        Path mine = status(200, "s1", "busy", 1_500, 2_000);
        assertThat(file.idleAfter(2_000)).isNull();
        Files.writeString(mine, "{\"pid\":200,\"sessionId\":\"s1\",\"sta");
        Files.setLastModifiedTime(mine, FileTime.fromMillis(3_000));
        assertThat(file.idleAfter(2_000)).isNull();
        Files.writeString(mine, "{\"pid\":200,\"sessionId\":\"s1\",\"status\":\"idle\",\"statusUpdatedAt\":2600}");
        Files.setLastModifiedTime(mine, FileTime.fromMillis(3_000)); // the same mtime: read again all the same
        assertThat(file.idleAfter(2_000)).isNotNull();
    }

    @Test
    void aFileThatNowNamesAnotherSessionIsLookedForAgain() throws Exception {
        ClaudeStatusFile file = ClaudeStatusFile.of(transcript("s1"), "s1");
        status(200, "s1", "busy", 1_500, 2_000);
        assertThat(file.idleAfter(2_000)).isNull();
        status(200, "s2", "idle", 2_500, 3_000); // /clear or a resume: pid 200 is another session now
        assertThat(file.idleAfter(2_000)).isNull();
        Files.delete(config.resolve("sessions").resolve("200.json"));
        status(300, "s1", "idle", 2_700, 4_000);
        assertThat(file.idleAfter(2_000)).isNotNull();
    }
}
