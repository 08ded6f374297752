package dev.signaltty.transport.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.newsclub.net.unix.AFUNIXServerSocket;
import org.newsclub.net.unix.AFUNIXSocket;
import org.newsclub.net.unix.AFUNIXSocketAddress;
import org.newsclub.net.unix.AFUNIXSocketCredentials;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.SignalttyPaths;

/**
 * The daemon's listening socket. One daemon per socket path: a live listener makes startup fail, a
 * stale socket file (nothing accepts on it) is replaced. The directory is 0700 and must belong to us;
 * the socket is 0600. Starts last and stops first, so no request runs against half-built state.
 */
@Component
class UnixSocketServer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(UnixSocketServer.class);

    private final SignalttyPaths paths;
    private final ConnectionAcceptor acceptor;
    private final ConnectionRegistry registry;
    private volatile AFUNIXServerSocket server;
    private volatile boolean running;

    UnixSocketServer(SignalttyPaths paths, ConnectionAcceptor acceptor, ConnectionRegistry registry) {
        this.paths = paths;
        this.acceptor = acceptor;
        this.registry = registry;
    }

    @Override
    public void start() {
        Path socket = paths.socket();
        try {
            prepareDirectory(socket.getParent());
            replaceIfStale(socket);
            AFUNIXServerSocket listener = AFUNIXServerSocket.newInstance();
            // the default backlog (50) refuses a burst of connects with EAGAIN; the kernel caps this at somaxconn
            listener.bind(AFUNIXSocketAddress.of(socket.toFile()), 1024);
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            server = listener;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + socket, e);
        }
        running = true;
        Thread.ofPlatform().daemon().name("accept").start(this::acceptLoop); // see ClientConnection.start
        log.info("signaltty listening on {}", socket);
    }

    private static void prepareDirectory(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // another daemon created it first; the ownership check below still applies
            }
        }
        if (CurrentUser.ownerOf(dir) != CurrentUser.uid()) {
            throw new IOException("socket directory " + dir + " belongs to another user; refusing to use it");
        }
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    }

    private static void replaceIfStale(Path socket) throws IOException {
        if (!Files.exists(socket, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            probe.connect(UnixDomainSocketAddress.of(socket));
            throw new IOException("a signaltty daemon is already listening on " + socket);
        } catch (IOException refused) {
            if (refused.getMessage() != null && refused.getMessage().startsWith("a signaltty daemon")) {
                throw refused;
            }
            log.info("replacing stale socket {} (nothing accepts on it)", socket);
            Files.delete(socket);
        }
    }

    private void acceptLoop() {
        while (running) {
            try {
                AFUNIXSocket socket = server.accept();
                long peerUid = -1;
                long peerPid = -1;
                try {
                    AFUNIXSocketCredentials credentials = socket.getPeerCredentials();
                    peerUid = credentials.getUid();
                    peerPid = credentials.getPid();
                } catch (IOException e) {
                    log.warn("cannot read peer credentials; treating peer as foreign", e);
                }
                acceptor.accept(ConnectionStream.of(socket), acceptor.ownerUid(peerUid), peerPid);
            } catch (IOException e) {
                if (running) {
                    log.warn("accept failed", e);
                }
            }
        }
    }

    @Override
    public void stop() {
        running = false;
        try {
            if (server != null) {
                server.close();
            }
        } catch (IOException e) {
            log.debug("closing listener", e);
        }
        for (ClientConnection connection : registry.all()) {
            connection.cancelInFlight("shutdown");
        }
        // a cancelled wait answers (TIMEOUT, cause shutdown) before its connection closes (ADR-0002)
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(500);
        for (ClientConnection connection : registry.all()) {
            connection.awaitIdle(deadline);
            connection.close("server shutting down");
        }
        try {
            Files.deleteIfExists(paths.socket());
        } catch (IOException e) {
            log.warn("cannot remove socket {}", paths.socket(), e);
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 100;
    }
}
