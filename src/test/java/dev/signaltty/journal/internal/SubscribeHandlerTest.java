package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.Cancellation;
import dev.signaltty.transport.Connection;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.NoParams;
import dev.signaltty.transport.ProtocolException;

class SubscribeHandlerTest {

    @TempDir
    Path dir;

    Journal journal;
    SubscribeHandler subscribe;
    UnsubscribeHandler unsubscribe;

    @BeforeEach
    void open() throws IOException {
        journal = new Journal(dir, new Durability(), false, cause -> {
        });
        subscribe = new SubscribeHandler(journal);
        unsubscribe = new UnsubscribeHandler(journal);
    }

    @AfterEach
    void close() throws IOException {
        journal.close();
    }

    static CallContext on(Connection connection) {
        return new CallContext() {
            @Override
            public Connection connection() {
                return connection;
            }

            @Override
            public Cancellation cancellation() {
                return new Cancellation() {
                    @Override
                    public boolean isCancelled() {
                        return false;
                    }

                    @Override
                    public String reason() {
                        return "";
                    }

                    @Override
                    public void onCancel(Runnable action) {
                    }
                };
            }
        };
    }

    @Test
    void answersALiveSubscriptionWithoutAReplayBlock() {
        RecordingConnection connection = new RecordingConnection();
        long before = journal.append(TestEvent.of("workspace.created", Map.of()));
        SubscribeHandler.Result result = subscribe.handle(new SubscribeHandler.Params(null, null, null), on(connection));
        // head_seq: where this stream began, for a resume that has printed nothing yet (ADR 1062)
        assertThat(result).isEqualTo(new SubscribeHandler.Result(true, null, before));
        journal.append(TestEvent.of("pane.created", Map.of()));
        assertThat(connection.frames()).hasSize(1);
    }

    @Test
    void refusesAnIncompleteReplayAndClosesTheConnection() { // seed R189, seed R190, seed R191, seed R192
        RecordingConnection connection = new RecordingConnection();
        SubscribeHandler.Result result = subscribe.handle(new SubscribeHandler.Params(null, 99L, null), on(connection));
        assertThat(result.subscribed()).isFalse();
        assertThat(result.replay().status()).isEqualTo("cursor_ahead");
        assertThat(connection.isOpen()).isFalse();
        assertThat(connection.closeReason()).contains("snapshot_then_resubscribe");
        assertThat(connection.frames()).isEmpty();
    }

    @Test
    void narrowsByTaskIdThroughTheHandler() { // seed R81, seed R82
        RecordingConnection connection = new RecordingConnection();
        subscribe.handle(new SubscribeHandler.Params(List.of("task.*"), null, List.of("task_a")), on(connection));
        journal.append(TestEvent.of("task.updated", Map.of("task_id", "task_b")));
        long mine = journal.append(TestEvent.of("task.updated", Map.of("task_id", "task_a")));
        assertThat(connection.seqs()).containsExactly(mine);
    }

    @Test
    void validatesParamsAsBadParamsNamingTheField() {
        assertThatThrownBy(() -> new SubscribeHandler.Params(null, -1L, null))
                .isInstanceOfSatisfying(ProtocolException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.BAD_PARAMS);
                    assertThat(e.details()).containsEntry("field", "from_seq");
                });
        assertThatThrownBy(() -> new SubscribeHandler.Params(List.of("nope"), null, null))
                .isInstanceOfSatisfying(ProtocolException.class,
                        e -> assertThat(e.details()).containsEntry("field", "events"));
    }

    @Test
    void unsubscribesOnlyWhatWasSubscribed() {
        RecordingConnection connection = new RecordingConnection();
        assertThat(unsubscribe.handle(new NoParams(), on(connection)).unsubscribed()).isFalse();
        subscribe.handle(new SubscribeHandler.Params(null, null, null), on(connection));
        assertThat(unsubscribe.handle(new NoParams(), on(connection)).unsubscribed()).isTrue();
    }
}
