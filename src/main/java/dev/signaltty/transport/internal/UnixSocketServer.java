package dev.signaltty.transport.internal;

import java.io.IOException;
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

import dev.signaltty.transport.PrivateFiles;
import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.transport.StartupRefused;

/**
 * The daemon's listening socket. One daemon per socket path: a live listener makes startup fail, a
 * stale socket file (nothing accepts on it) is replaced, anything else at the path is refused (never
 * deleted). The directory must belong to us; one the daemon creates is 0700, one that exists is never
 * chmod-ed (it may be the user's, e.g. the parent of {@code $SIGNALTTY_SOCKET}); the socket is 0600.
 * Starts last and stops first, so no request runs against half-built state.
 */
@Component
class UnixSocketServer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(UnixSocketServer.class);

    private final SignalttyPaths paths;
    private final ConnectionAcceptor acceptor;
    private final ConnectionRegistry registry;
    private final ForeignPeerRefusal foreign;
    private volatile AFUNIXServerSocket server;
    private volatile boolean running;

    private final dev.signaltty.transport.DaemonRestart restart;

    UnixSocketServer(SignalttyPaths paths, ConnectionAcceptor acceptor, ConnectionRegistry registry,
                     RequestProcessor processor, dev.signaltty.transport.DaemonRestart restart) {
        this.paths = paths;
        this.restart = restart;
        this.acceptor = acceptor;
        this.foreign = new ForeignPeerRefusal(processor);
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
        } catch (StartupRefused e) {
            throw e;
        } catch (IOException e) {
            throw new StartupRefused(socket, "cannot listen: " + e.getMessage(), null, e);
        }
        running = true;
        Thread.ofPlatform().daemon().name("accept").start(this::acceptLoop); // see ClientConnection.start
        log.info("signaltty listening on {}", socket);
    }

    private static void prepareDirectory(Path dir) throws IOException {
        boolean created = false;
        if (!Files.exists(dir)) {
            Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PrivateFiles.DIRECTORY));
                created = true;
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // another daemon created it first; the ownership check below still applies
            }
        }
        if (CurrentUser.ownerOf(dir) != CurrentUser.uid()) {
            throw new StartupRefused(dir, "the socket directory belongs to another user; refusing to use it",
                    "set SIGNALTTY_SOCKET to a path in a directory of yours", null);
        }
        if (created) {
            Files.setPosixFilePermissions(dir, PrivateFiles.DIRECTORY); // ours: exactly 0700 whatever the umask
        }
    }

    /** S_IFMT and S_IFSOCK of stat(2)'s st_mode. */
    private static final int FILE_TYPE = 0170000;
    private static final int SOCKET_TYPE = 0140000;

    private static void replaceIfStale(Path socket) throws IOException {
        if (!Files.exists(socket, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        int mode = (Integer) Files.getAttribute(socket, "unix:mode", java.nio.file.LinkOption.NOFOLLOW_LINKS);
        if ((mode & FILE_TYPE) != SOCKET_TYPE) {
            throw new StartupRefused(socket, "exists and is not a socket; refusing to replace it",
                    "move it away or set SIGNALTTY_SOCKET to another path", null);
        }
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            probe.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException refused) {
            log.info("replacing stale socket {} (nothing accepts on it)", socket);
            Files.delete(socket);
            return;
        }
        throw new StartupRefused(socket, "a signaltty daemon is already listening here", null, null);
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
                if (!registry.allows(peerUid)) {
                    foreign.refuse(socket, peerUid);
                    continue;
                }
                acceptor.accept(ConnectionStream.of(socket), peerPid);
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
        // "restart": the same socket answers again in seconds, so a client may ask again there (ADR 1061)
        String cause = restart.requested() ? "restart" : "shutdown";
        for (ClientConnection connection : registry.all()) {
            connection.cancelInFlight(cause);
        }
        // a cancelled wait answers (TIMEOUT, cause shutdown or restart) before its connection closes (ADR-0002)
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
