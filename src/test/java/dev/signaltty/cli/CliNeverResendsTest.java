package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;

/**
 * The CLI is a client too: when the connection breaks after it wrote a mutating request, it reports
 * the failure and never sends the request again, on that connection or a new one (seed R205). The
 * peer is a socket at the daemon's path that reads one request per connection and hangs up unanswered
 * — what a client sees when the daemon dies mid-request.
 */
class CliNeverResendsTest {

    @TempDir
    Path temp;
    CliHarness cli;
    ServerSocketChannel server;
    final List<String> requests = new CopyOnWriteArrayList<>();

    /** What the CLI sent (the harness itself asks server.info after each run, to reap daemons). */
    List<String> fromCli() {
        return requests.stream().filter(line -> !line.contains("\"server.info\"")).toList();
    }

    @BeforeEach
    void listen() throws IOException {
        cli = new CliHarness(temp);
        Path dir = Files.createDirectories(cli.socket().getParent());
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(cli.socket()));
        Thread.ofVirtual().start(() -> {
            while (server.isOpen()) {
                try (SocketChannel peer = server.accept()) {
                    BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(peer),
                            StandardCharsets.UTF_8));
                    String line = in.readLine();
                    if (line != null) {
                        requests.add(line);
                    }
                } catch (IOException e) {
                    return; // closed by the test
                }
            }
        });
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
        cli.close();
    }

    @Test
    void aMutatingRequestWhoseConnectionDropsIsReportedAndNotResubmitted() throws Exception { // seed R205
        Run run = cli.run("--no-start", "workspace", "create", "only-once");
        assertThat(run.status()).as(run.toString()).isEqualTo(1);
        assertThat(run.err()).startsWith("IO_ERROR");
        Thread.sleep(500); // a retry, were there one, would have connected by now
        assertThat(fromCli()).singleElement().satisfies(line ->
                assertThat(line).contains("\"workspace.create\"").contains("only-once"));
    }

    @Test
    void aPaneWriteIsNotResentEither() throws Exception { // seed R205
        Run run = cli.run("--no-start", "pane", "write", "pane_x", "rm -rf build\r");
        assertThat(run.status()).as(run.toString()).isEqualTo(1);
        Thread.sleep(500);
        assertThat(fromCli()).singleElement().satisfies(line -> assertThat(line).contains("\"pane.write\""));
    }
}
