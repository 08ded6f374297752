package dev.signaltty.transport.internal.web;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.transport.internal.ConnectionAcceptor;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.concurrent.GlobalEventExecutor;

/**
 * The dashboard's HTTP + WebSocket server (ADR 0150). Not started with the daemon: the first
 * {@code web.start} binds it (Netty's classes load then, so daemon start-up pays nothing), and it
 * remembers that in {@code <state>/web/port} so a restarted daemon serves the page again, on the same
 * port, and an open page reconnects by itself. That restart binds in the background, after the socket
 * is up. Loopback by default; another address only with TLS configured.
 */
@Component
public class WebServer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WebServer.class);

    private final ObjectProvider<ConnectionAcceptor> acceptor;
    private final Path stateDir;
    private final String address;
    private final int configuredPort;
    private final Set<String> extraHosts;
    private final String tlsCert;
    private final String tlsKey;
    private final StaticFiles files = new StaticFiles();
    private @Nullable WebAuth auth;
    private @Nullable EventLoopGroup group;
    private @Nullable Channel listener;
    private @Nullable ChannelGroup sockets;
    private volatile @Nullable HostPolicy policy;
    private volatile boolean lifecycleRunning;

    // a provider: the acceptor needs the router, which needs web.start, which needs this (not a @Lazy proxy,
    // whose class would be made at start, ADR 0620)
    WebServer(ObjectProvider<ConnectionAcceptor> acceptor, SignalttyPaths paths,
              @Value("${signaltty.web.address:127.0.0.1}") String address,
              @Value("${signaltty.web.port:0}") int port,
              @Value("${signaltty.web.hosts:}") String hosts,
              @Value("${signaltty.web.tls.cert:}") String tlsCert,
              @Value("${signaltty.web.tls.key:}") String tlsKey) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("signaltty.web.port must be 0..65535, was " + port);
        }
        this.acceptor = acceptor;
        this.stateDir = paths.stateDir().resolve("web");
        this.address = address;
        this.configuredPort = port;
        this.extraHosts = new HashSet<>();
        for (String h : hosts.split(",")) {
            if (!h.isBlank()) {
                extraHosts.add(h.trim().toLowerCase(Locale.ROOT));
            }
        }
        this.tlsCert = tlsCert;
        this.tlsKey = tlsKey;
    }

    /** What {@code web.start} returns. */
    public record Started(String url, String loginUrl, boolean rotated) {
    }

    /** Binds the server if it is not serving yet, optionally rotates the token, mints a login ticket. */
    public synchronized Started start(boolean rotate) {
        bind();
        WebAuth credentials = auth();
        if (rotate) {
            try {
                credentials.rotate();
            } catch (IOException e) {
                throw new ProtocolException(ErrorCode.INTERNAL, "cannot write the web token: " + e.getMessage());
            }
            ChannelGroup open = sockets;
            if (open != null) {
                open.close(); // their cookies are no longer valid
            }
        }
        String url = url();
        return new Started(url, url + "/login?token=" + credentials.newTicket(), rotate);
    }

    /** The base URL while serving, else null. */
    public synchronized @Nullable String url() {
        HostPolicy p = policy;
        if (p == null) {
            return null;
        }
        String host = InetAddress.getLoopbackAddress().getHostAddress().equals(address) || "localhost".equals(address)
                ? "127.0.0.1" : address.contains(":") ? "[" + address + "]" : address;
        return p.scheme() + "://" + host + ":" + p.port();
    }

    private void bind() {
        if (listener != null) {
            return;
        }
        InetAddress bindAddress;
        try {
            bindAddress = InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new ProtocolException(ErrorCode.BAD_PARAMS, "signaltty.web.address " + address + " does not resolve");
        }
        boolean tls = !tlsCert.isEmpty() || !tlsKey.isEmpty();
        if (!bindAddress.isLoopbackAddress() && !tls) {
            throw new ProtocolException(ErrorCode.BAD_PARAMS, "signaltty.web.address " + address
                    + " is not a loopback address: set signaltty.web.tls.cert and signaltty.web.tls.key to serve it");
        }
        SslContext ssl = tls ? sslContext() : null;
        int port = configuredPort > 0 ? configuredPort : rememberedPort();
        EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1,
                Thread.ofPlatform().daemon().name("web-io").factory(), NioIoHandler.newFactory());
        ChannelGroup open = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
        ServerBootstrap bootstrap = new ServerBootstrap().group(loop).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (ssl != null) {
                            ch.pipeline().addLast(ssl.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024),
                                new WebGate(WebServer.this));
                    }
                });
        Channel bound;
        try {
            bound = bootstrap.bind(new InetSocketAddress(bindAddress, port)).syncUninterruptibly().channel();
        } catch (RuntimeException busy) {
            if (port == 0 || configuredPort > 0) {
                loop.shutdownGracefully();
                throw new ProtocolException(ErrorCode.INTERNAL, "cannot serve the dashboard on " + address + ":" + port
                        + ": " + busy.getMessage());
            }
            // the remembered port is taken now: a new one (open pages must be given the new URL)
            log.info("web: port {} is in use; binding a new one", port);
            bound = bootstrap.bind(new InetSocketAddress(bindAddress, 0)).syncUninterruptibly().channel();
        }
        int actual = ((InetSocketAddress) bound.localAddress()).getPort();
        Set<String> names = new HashSet<>(HostPolicy.LOOPBACK);
        names.addAll(extraHosts);
        names.add(address.contains(":") ? "[" + address.toLowerCase(Locale.ROOT) + "]" : address.toLowerCase(Locale.ROOT));
        group = loop;
        listener = bound;
        sockets = open;
        policy = new HostPolicy(Set.copyOf(names), actual, ssl != null ? "https" : "http");
        remember(actual);
        log.info("web dashboard on {}", url());
    }

    private SslContext sslContext() {
        try {
            return SslContextBuilder.forServer(new File(tlsCert), new File(tlsKey)).build();
        } catch (Exception e) {
            throw new ProtocolException(ErrorCode.BAD_PARAMS, "signaltty.web.tls.cert/key cannot be used: " + e.getMessage());
        }
    }

    private int rememberedPort() {
        Path file = stateDir.resolve("port");
        try {
            return Files.exists(file) ? Integer.parseInt(Files.readString(file).trim()) : 0;
        } catch (IOException | NumberFormatException e) {
            log.warn("web: ignoring unreadable {}: {}", file, e.toString());
            return 0;
        }
    }

    private void remember(int port) {
        try {
            Files.createDirectories(stateDir);
            Files.writeString(stateDir.resolve("port"), port + "\n");
        } catch (IOException e) {
            log.warn("web: cannot record the port in {}: {}", stateDir, e.toString());
        }
    }

    synchronized WebAuth auth() {
        if (auth == null) {
            try {
                auth = new WebAuth(stateDir.resolve("token"), Clock.systemUTC());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return auth;
    }

    HostPolicy hostPolicy() {
        HostPolicy p = policy;
        if (p == null) {
            throw new IllegalStateException("not serving");
        }
        return p;
    }

    StaticFiles files() {
        return files;
    }

    /** Cookies are per host, not per port: two users' dashboards on one machine must not share one. */
    String cookieName() {
        return "signaltty_session_" + hostPolicy().port();
    }

    /** An authenticated WebSocket: from now on a connection of the router like any other. */
    void opened(WebSocketStream stream, Channel channel) {
        ChannelGroup open = sockets;
        if (open != null) {
            open.add(channel);
        }
        try {
            acceptor.getObject().accept(stream, -1);
        } catch (IOException e) {
            channel.close();
        }
    }

    /** After a restart, a dashboard that was started before serves again (in the background). */
    @Override
    public void start() {
        lifecycleRunning = true;
        if (!Files.exists(stateDir.resolve("port"))) {
            return;
        }
        Thread.ofPlatform().daemon().name("web-start").start(() -> {
            try {
                synchronized (this) {
                    if (lifecycleRunning) {
                        bind();
                    }
                }
            } catch (RuntimeException e) {
                log.warn("web: the dashboard could not be served again: {}", e.getMessage());
            }
        });
    }

    @Override
    public synchronized void stop() {
        lifecycleRunning = false;
        ChannelGroup open = sockets;
        if (open != null) {
            open.close().awaitUninterruptibly(2000);
        }
        if (listener != null) {
            listener.close().awaitUninterruptibly(2000);
        }
        if (group != null) {
            group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS);
        }
        listener = null;
        group = null;
        sockets = null;
        policy = null;
    }

    @Override
    public boolean isRunning() {
        return lifecycleRunning;
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 50; // starts after the Unix socket, stops before it
    }
}
