package dev.signaltty.workspace.internal.git;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/**
 * What one git process produced.
 *
 * @param exitCode        the exit status (meaningless when {@code stdoutTruncated}: the group was
 *                        killed once the cap was reached)
 * @param stdout          at most the requested cap
 * @param stdoutTruncated more output existed than the cap
 * @param stderr          the first {@link GitRunner#STDERR_CAP} bytes, decoded leniently
 */
public record GitResult(List<String> args, int exitCode, byte[] stdout, boolean stdoutTruncated, String stderr) {

    public boolean ok() {
        return exitCode == 0 || stdoutTruncated;
    }

    public String stdoutText() {
        return new String(stdout, StandardCharsets.UTF_8);
    }

    /** IO_ERROR carrying git's (bounded) stderr unless the process succeeded. */
    public GitResult requireOk() {
        if (!ok()) {
            throw failure();
        }
        return this;
    }

    public ProtocolException failure() {
        String first = stderr.strip().lines().findFirst().orElse("exit status " + exitCode);
        return new ProtocolException(ErrorCode.IO_ERROR, "git " + GitRunner.subcommand(args) + " failed: " + first,
                Map.of("exit_code", exitCode, "stderr", stderr));
    }
}
