package bench;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/** A one-shot raw socket client: connect, ping, read the reply, exit (stand-in for a missing CLI). */
public final class PingClient {

    public static void main(String[] args) throws Exception {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(args[0]));
            channel.write(ByteBuffer.wrap("{\"id\":1,\"method\":\"ping\"}\n".getBytes(StandardCharsets.UTF_8)));
            ByteBuffer in = ByteBuffer.allocate(4096);
            while (channel.read(in) >= 0) {
                if (in.position() > 0 && in.get(in.position() - 1) == '\n') {
                    return;
                }
            }
            System.exit(1);
        }
    }
}
