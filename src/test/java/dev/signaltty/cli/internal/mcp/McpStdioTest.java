package dev.signaltty.cli.internal.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** The MCP server's stdin has the socket's line limit (seed: max line 16 MiB), so a runaway client cannot grow it. */
class McpStdioTest {

    @Test
    void aLineOverTheLimitIsAParseErrorAndTheNextLineStillReachesTheSdk() throws Exception {
        byte[] huge = new byte[McpStdio.MAX_LINE + 1];
        Arrays.fill(huge, (byte) 'x');
        byte[] next = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n".getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream stdin = new ByteArrayOutputStream();
        stdin.write(huge);
        stdin.write('\n');
        stdin.write(next);
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        McpStdio stdio = new McpStdio(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        stdio.output(stdout);
        InputStream sdkSees = stdio.input(new ByteArrayInputStream(stdin.toByteArray()));

        byte[] seen = sdkSees.readAllBytes(); // stdin's end: no request was asked, so it ends at once

        assertThat(new String(seen, StandardCharsets.UTF_8)).isEqualTo(new String(next, StandardCharsets.UTF_8));
        String answered = stdout.toString(StandardCharsets.UTF_8);
        assertThat(answered.lines().toList()).hasSize(1);
        assertThat(answered).contains("\"id\":null").contains("-32700")
                .contains("line of " + (McpStdio.MAX_LINE + 1) + " bytes is longer than the limit");
        assertThat(stderr.toString(StandardCharsets.UTF_8)).contains("longer than");
    }
    /** The SDK drops a request sent before initialize without a word; a client waiting for its answer would hang. */
    @Test
    void aRequestBeforeInitializeIsAnsweredWithAnErrorAndInitializeStillReachesTheSdk() throws Exception {
        String early = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}\n";
        String notice = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{}}\n";
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}\n";
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        McpStdio stdio = new McpStdio(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        stdio.output(stdout);
        InputStream sdkSees = stdio.input(new ByteArrayInputStream((early + notice + initialize).getBytes(StandardCharsets.UTF_8)));
        byte[] buffer = new byte[initialize.length() + notice.length()];
        int n = 0;
        while (n < buffer.length) { // read what the SDK would, without reaching stdin's end (which waits for answers)
            n += sdkSees.read(buffer, n, buffer.length - n);
        }

        assertThat(new String(buffer, StandardCharsets.UTF_8)).as("a notification and initialize pass, the early request does not")
                .isEqualTo(notice + initialize);
        String answered = stdout.toString(StandardCharsets.UTF_8);
        assertThat(answered.lines().toList()).hasSize(1);
        assertThat(answered).contains("\"id\":7").contains("-32600").contains("tools/list before initialize");
    }
}
