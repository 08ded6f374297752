package dev.signaltty.workspace.internal.git;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.CharBuffer;
import java.util.List;
import java.util.Locale;

import dev.signaltty.transport.ProtocolException;

/**
 * A literal UTF-8 path relative to a checkout root, as {@code workspace.file_diff} accepts it
 * (seed R248, R250, R251, R252, R253, R254, R255). Every refusal is BAD_PARAMS with {@code details.field = "path"}.
 *
 * <p>Wildcard characters are ordinary characters here: every git call that takes this path uses
 * {@code --literal-pathspecs}.
 */
public record RepoPath(String value, List<String> components) {

    public static final String FIELD = "path";

    public static RepoPath parse(String raw) {
        if (raw.isEmpty()) {
            throw ProtocolException.badParams(FIELD, "must not be empty");
        }
        if (raw.indexOf('\0') >= 0) {
            throw ProtocolException.badParams(FIELD, "must not contain NUL");
        }
        try {
            StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(raw));
        } catch (CharacterCodingException e) {
            throw ProtocolException.badParams(FIELD, "must be valid UTF-8");
        }
        if (raw.startsWith("/")) {
            throw ProtocolException.badParams(FIELD, "must be relative to the checkout root, not absolute");
        }
        List<String> components = List.of(raw.split("/", -1));
        for (String component : components) {
            if (component.isEmpty()) {
                throw ProtocolException.badParams(FIELD, "must not contain empty components (// or a trailing /)");
            }
            if (component.equals(".") || component.equals("..")) {
                throw ProtocolException.badParams(FIELD, "must not contain . or .. components");
            }
            // git refuses .git in any case on case-insensitive filesystems; so do we everywhere.
            if (component.toLowerCase(Locale.ROOT).equals(".git")) {
                throw ProtocolException.badParams(FIELD, "is a git-private path");
            }
        }
        return new RepoPath(raw, components);
    }

    /** The pathspec to pass after {@code --} (with {@code --literal-pathspecs}). */
    public String pathspec() {
        return value;
    }

    @Override
    public String toString() {
        return value;
    }
}
