import java.io.*;
import java.net.*;
import java.nio.ByteBuffer;
import java.nio.channels.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;
import org.newsclub.net.unix.*;

/** Probe: junixsocket/JDK UDS blocking calls on virtual threads (ADR 0421). */
public class VtProbe {
    public static void main(String[] a) throws Exception {
        String mode = a[0];
        int idle = Integer.parseInt(a[1]);
        Path dir = Files.createTempDirectory("vtprobe");
        File sock = dir.resolve("s").toFile();
        if (mode.startsWith("jux")) {
            AFUNIXServerSocket server = AFUNIXServerSocket.newInstance();
            server.bind(AFUNIXSocketAddress.of(sock));
            Thread.ofPlatform().daemon().start(() -> {
                while (true) {
                    try {
                        AFUNIXSocket s = server.accept();
                        serveJux(mode, s);
                    } catch (IOException e) { return; }
                }
            });
        } else {
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(sock.toPath()));
            Thread.ofPlatform().daemon().start(() -> {
                while (true) {
                    try {
                        SocketChannel ch = server.accept();
                        Thread.ofVirtual().start(() -> serveJdk(ch));
                    } catch (IOException e) { return; }
                }
            });
        }
        List<SocketChannel> idlers = new ArrayList<>();
        for (int i = 0; i < idle; i++) {
            SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
            c.connect(UnixDomainSocketAddress.of(sock.toPath()));
            idlers.add(c);
        }
        Thread.sleep(500);
        int clients = Integer.parseInt(a[2]);
        int n = Integer.parseInt(a[3]);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<String>> results = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            results.add(pool.submit(() -> {
                SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                ch.connect(UnixDomainSocketAddress.of(sock.toPath()));
                InputStream in = Channels.newInputStream(ch);
                OutputStream out = Channels.newOutputStream(ch);
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                for (int i = 0; i < n; i++) {
                    out.write(("ping " + i + "\n").getBytes(StandardCharsets.UTF_8));
                    String line = r.readLine();
                    if (line == null || !line.equals("ping " + i)) return "bad reply at " + i + ": " + line;
                }
                ch.close();
                return "ok";
            }));
        }
        int ok = 0; List<String> bad = new ArrayList<>();
        for (Future<String> f : results) {
            try {
                String s = f.get(20, TimeUnit.SECONDS);
                if (s.equals("ok")) ok++; else bad.add(s);
            } catch (TimeoutException e) { bad.add("timeout after 20 s"); }
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        long threads = Files.list(Path.of("/proc/self/task")).count();
        System.out.printf("%s idle=%d clients=%d n=%d: ok=%d bad=%s %.2f s, %.0f round trips/s, OS threads=%d, errors=%s%n",
                mode, idle, clients, n, ok, bad.stream().distinct().toList(), secs, ok * n / secs, threads, ERRORS);
        System.exit(0);
    }

    static final Set<String> ERRORS = ConcurrentHashMap.newKeySet();

    static void serveJux(String mode, AFUNIXSocket s) throws IOException {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        BlockingQueue<byte[]> q = new ArrayBlockingQueue<>(64);
        Runnable reader = () -> {
            try {
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                String line;
                while ((line = r.readLine()) != null) {
                    byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
                    if (mode.equals("jux-vread")) { out.write(b); out.flush(); } else q.put(b);
                }
            } catch (Exception e) { ERRORS.add("read: " + e); }
        };
        Runnable writer = () -> {
            try {
                while (true) { byte[] b = q.take(); out.write(b); out.flush(); }
            } catch (Exception e) { ERRORS.add("write: " + e); }
        };
        switch (mode) {
            case "jux-vread" -> Thread.ofVirtual().start(reader);           // reader virtual, answers itself
            case "jux-vwrite" -> { Thread.ofPlatform().daemon().start(reader); Thread.ofVirtual().start(writer); }
            case "jux-platform" -> { Thread.ofPlatform().daemon().start(reader); Thread.ofPlatform().daemon().start(writer); }
            default -> throw new IllegalArgumentException(mode);
        }
    }

    static void serveJdk(SocketChannel ch) {
        BlockingQueue<byte[]> q = new ArrayBlockingQueue<>(64);
        Thread.ofVirtual().start(() -> {
            try {
                while (true) { byte[] b = q.take(); ByteBuffer bb = ByteBuffer.wrap(b); while (bb.hasRemaining()) ch.write(bb); }
            } catch (Exception e) { ERRORS.add("write: " + e); }
        });
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(Channels.newInputStream(ch), StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) q.put((line + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) { ERRORS.add("read: " + e); }
    }
}
