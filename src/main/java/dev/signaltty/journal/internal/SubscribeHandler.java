package dev.signaltty.journal.internal;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/**
 * {@code subscribe {events?, from_seq?, task_ids?}}: live state events by glob, with a proven replay
 * when {@code from_seq} is given (seed R19, R81, R139, R181, R182, R183, R184, R185, R186, R187, R188, R189, R190, R191, R192).
 *
 * <p>The reply precedes the replay frames, which precede live events (the connection writes events
 * offered during a request after its response). Without {@code from_seq} the reply has no replay block.
 * A replay that is not complete leaves the connection unsubscribed and closes it after the reply.
 */
@Component
public class SubscribeHandler implements MethodHandler<SubscribeHandler.Params, SubscribeHandler.Result> {

    /**
     * @param events  globs ({@code *}, {@code family.*}) or exact event names; default {@code ["*"]}
     * @param fromSeq replay the matching state events after this seq (0: all that is retained)
     * @param taskIds deliver only events whose payload carries one of these {@code task_id}s
     */
    public record Params(@Nullable List<String> events, @Nullable Long fromSeq, @Nullable List<String> taskIds) {

        public Params {
            if (fromSeq != null && fromSeq < 0) {
                throw ProtocolException.badParams("from_seq", "must be >= 0");
            }
            EventFilter.parse(events, taskIds);
        }

        EventFilter filter() {
            return EventFilter.parse(events, taskIds);
        }
    }

    /**
     * {@code headSeq}: the journal's last issued seq when the subscription began, read before it is registered.
     * A client that loses the stream before its first event resumes with {@code from_seq: head_seq} and misses
     * nothing issued since (ADR 1062); with {@code from_seq} the replay's {@code through} says the same.
     */
    public record Result(boolean subscribed, @Nullable Replay replay, long headSeq) {
    }

    private final Journal journal;

    SubscribeHandler(Journal journal) {
        this.journal = journal;
    }

    @Override
    public String method() {
        return "subscribe";
    }

    @Override
    public String summary() {
        return "stream state events by glob; from_seq replays what was missed, with proof";
    }

    @Override
    public Result handle(Params params, CallContext context) {
        long head = journal.issuedThrough();
        Journal.Subscribed subscribed = journal.subscribe(context.connection(), params.filter(), params.fromSeq());
        Replay replay = subscribed.outcome() == null ? null : subscribed.outcome().replay();
        if (replay != null && !replay.complete()) {
            // The reply is written before the connection closes (Connection.close flushes what is queued).
            context.connection().close("replay " + replay.status() + ": " + Replay.RECOVERY);
        }
        return new Result(subscribed.subscribed(), replay, head);
    }
}
