import java.net.*; import java.nio.*; import java.nio.channels.*; import java.nio.charset.StandardCharsets;
// ADR 0475: the CLI's connection as Client makes it, through the JDK's Unix-domain channel.
public class NioPing {
  public static void main(String[] a) throws Exception {
    SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
    ch.connect(UnixDomainSocketAddress.of(a[0]));
    ByteBuffer b = ByteBuffer.wrap("{\"protocol\":\"signaltty/1\",\"id\":1,\"method\":\"ping\",\"params\":{}}\n".getBytes(StandardCharsets.UTF_8));
    while (b.hasRemaining()) ch.write(b);
    ByteBuffer in = ByteBuffer.allocate(65536);
    StringBuilder sb = new StringBuilder();
    outer: while (true) { in.clear(); int n = ch.read(in); if (n < 0) break; in.flip();
      while (in.hasRemaining()) { byte c = in.get(); if (c == '\n') break outer; sb.append((char) c); } }
    System.out.println(sb);
    System.exit(0);
  }
}
