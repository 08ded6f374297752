package dev.signaltty.journal.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import dev.signaltty.transport.ProtocolJson;

/**
 * {@code audit-retention.json}: what the audit generations on disk prove, persisted before a generation
 * is discarded and before any record of a new generation is published (seed R193, R194, R195, R196).
 *
 * @param version          format version (1)
 * @param provenAfter      the audit proves every state event in {@code (proven_after, newest record]};
 *                         raised, never lowered, when proof is lost (legacy, damage, recovery)
 * @param discardedThrough rotation discarded records at or below this (history_lost below it)
 * @param previous         the retained {@code audit.jsonl.1} with its expected length, or null
 * @param currentAfter     every record of {@code audit.jsonl} has a seq above this
 * @param cleanLength      the length of {@code audit.jsonl} at the last clean shutdown, or null
 * @param rotating         a rotation was recorded but may not have finished renaming
 * @param losses           every recorded loss of proof, newest last (at most {@value #MAX_LOSSES})
 */
public record RetentionMetadata(int version, long provenAfter, long discardedThrough, @Nullable Generation previous,
        long currentAfter, @Nullable Long cleanLength, boolean rotating, List<Loss> losses) {

    static final String FILE = "audit-retention.json";
    static final int MAX_LOSSES = 32;

    public RetentionMetadata {
        losses = losses == null ? List.of() : List.copyOf(losses);
    }

    /** One retained generation and the length it must still have. */
    public record Generation(String file, long firstSeq, long lastSeq, long length) {
    }

    /** One recorded loss of proof: why, when, and the bound it raised {@code proven_after} to. */
    public record Loss(String at, String reason, long provenAfter) {
    }

    RetentionMetadata withLoss(Loss loss) {
        List<Loss> all = new ArrayList<>(losses);
        all.add(loss);
        while (all.size() > MAX_LOSSES) {
            all.removeFirst();
        }
        return new RetentionMetadata(version, Math.max(provenAfter, loss.provenAfter()), discardedThrough, previous,
                currentAfter, cleanLength, rotating, all);
    }

    static @Nullable RetentionMetadata read(Path file) {
        if (!Files.exists(file)) {
            return null;
        }
        try {
            RetentionMetadata meta = ProtocolJson.MAPPER.readValue(Files.readAllBytes(file), RetentionMetadata.class);
            if (meta.version() != 1 || meta.provenAfter() < 0 || meta.discardedThrough() < 0
                    || meta.currentAfter() < 0) {
                throw new JournalCorruptException(file, "unsupported or inconsistent retention metadata");
            }
            return meta;
        } catch (JacksonException e) {
            throw new JournalCorruptException(file, "corrupt retention metadata: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new JournalCorruptException(file, "cannot read retention metadata: " + e.getMessage(), e);
        }
    }

    /**
     * Written at every start, on the main thread's way to the socket: as a tree of the same fields (snake
     * case, nulls left out, as {@link ProtocolJson#MAPPER} writes the record) rather than through the record,
     * whose bean serializers Jackson would first build by introspecting these three classes (ADR 0621).
     */
    void write(Path file, Durability durability) throws IOException {
        durability.writeAtomically(file, ProtocolJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(tree()));
    }

    ObjectNode tree() {
        ObjectNode json = ProtocolJson.MAPPER.createObjectNode();
        json.put("version", version).put("proven_after", provenAfter).put("discarded_through", discardedThrough);
        if (previous != null) {
            json.putObject("previous").put("file", previous.file()).put("first_seq", previous.firstSeq())
                    .put("last_seq", previous.lastSeq()).put("length", previous.length());
        }
        json.put("current_after", currentAfter);
        if (cleanLength != null) {
            json.put("clean_length", cleanLength.longValue());
        }
        json.put("rotating", rotating);
        ArrayNode all = json.putArray("losses");
        for (Loss loss : losses) {
            all.addObject().put("at", loss.at()).put("reason", loss.reason()).put("proven_after", loss.provenAfter());
        }
        return json;
    }
}
