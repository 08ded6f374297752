package dev.signaltty.agent.internal.screen;

/** Why a user manifest was refused: its file, the field at fault ({@code rules[2].regex}) and what is wrong. */
public record ManifestError(String file, String field, String message) {

    /** One line for the log and the CLI. */
    String line() {
        return file + ": " + field + ": " + message;
    }
}
