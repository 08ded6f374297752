package dev.signaltty.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.TestDaemon;

/**
 * A client that really runs as another user (nobody, via setpriv) is refused with FORBIDDEN, checked
 * from the socket's peer credentials (seed R314). The test opens the directory modes so the other user
 * can reach the socket at all; the daemon itself never does.
 */
class OtherUserTest {

    /** A single-file Java client, run by the JDK that runs the tests (no other runtime assumed). */
    static final String CLIENT = """
            import java.net.*; import java.nio.*; import java.nio.channels.*; import java.nio.charset.*;
            public class Client {
                public static void main(String[] args) throws Exception {
                    try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                        ch.connect(UnixDomainSocketAddress.of(args[0]));
                        ch.write(ByteBuffer.wrap("{\\"id\\":\\"x\\",\\"method\\":\\"workspace.list\\"}\\n"
                                .getBytes(StandardCharsets.UTF_8)));
                        ByteBuffer in = ByteBuffer.allocate(4096);
                        while (ch.read(in) > 0 && in.get(in.position() - 1) != '\\n') { }
                        System.out.print(new String(in.array(), 0, in.position(), StandardCharsets.UTF_8));
                    }
                }
            }
            """;

    @Test
    void refusesAClientRunningAsAnotherUser(@TempDir Path root) throws Exception {
        assertThat(Files.getAttribute(Path.of("/proc/self"), "unix:uid"))
                .as("this test switches user with setpriv and needs root").isEqualTo(0);
        try (TestDaemon daemon = TestDaemon.start(root)) {
            for (Path dir = daemon.socket().getParent(); dir.startsWith(root); dir = dir.getParent()) { // up to and including root, never above
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
            }
            Files.setPosixFilePermissions(daemon.socket(), PosixFilePermissions.fromString("rw-rw-rw-"));
            Path source = root.resolve("Client.java");
            Files.writeString(source, CLIENT);
            Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rw-r--r--"));
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process client = new ProcessBuilder("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                    java, source.toString(), daemon.socket().toString())
                    .redirectErrorStream(true).directory(root.toFile()).start();
            assertThat(client.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String answer = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(answer).contains("\"id\":\"x\"").contains("\"code\":\"FORBIDDEN\"");
        }
    }
}
