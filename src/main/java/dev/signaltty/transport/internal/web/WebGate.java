package dev.signaltty.transport.internal.web;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.CookieHeaderNames;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.netty.handler.codec.http.cookie.ServerCookieEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshakerFactory;

/**
 * Every HTTP request passes here, in this order: the Host must be ours (else 421), {@code /login}
 * trades a one-time ticket for the session cookie (else 403), everything else needs that cookie (else
 * 401); {@code /ws} then also needs an Origin of ours (else 403) and becomes a signaltty/1 connection.
 * Refusals carry a short plain-text reason and are logged at debug.
 */
final class WebGate extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final Logger log = LoggerFactory.getLogger(WebGate.class);
    /** The router's own line cap (a WebSocket message is one request line). */
    static final int MAX_MESSAGE = 16 * 1024 * 1024;
    static final String WS_PATH = "/ws";

    private final WebServer server;

    WebGate(WebServer server) {
        this.server = server;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (!request.decoderResult().isSuccess()) {
            refuse(ctx, HttpResponseStatus.BAD_REQUEST, "malformed request");
            return;
        }
        HostPolicy policy = server.hostPolicy();
        if (!policy.hostAllowed(request.headers().get(HttpHeaderNames.HOST))) {
            refuse(ctx, HttpResponseStatus.MISDIRECTED_REQUEST, "Host " + request.headers().get(HttpHeaderNames.HOST)
                    + " is not this dashboard's (allowed: " + policy.names() + " on port " + policy.port() + ")");
            return;
        }
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        if (uri.path().equals("/login")) {
            login(ctx, uri);
            return;
        }
        if (!server.auth().validSession(sessionCookie(request))) {
            refuse(ctx, HttpResponseStatus.UNAUTHORIZED, "not logged in: open the URL that `signaltty web` prints");
            return;
        }
        if (uri.path().equals(WS_PATH)) {
            upgrade(ctx, request, policy);
            return;
        }
        if (request.method() != HttpMethod.GET && request.method() != HttpMethod.HEAD) {
            refuse(ctx, HttpResponseStatus.METHOD_NOT_ALLOWED, "only GET");
            return;
        }
        StaticFiles.File file = server.files().find(uri.path());
        if (file == null) {
            refuse(ctx, HttpResponseStatus.NOT_FOUND, "no such file");
            return;
        }
        FullHttpResponse response = response(HttpResponseStatus.OK,
                request.method() == HttpMethod.HEAD ? new byte[0] : file.bytes(), file.contentType());
        response.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
        send(ctx, request, response);
    }

    private void login(ChannelHandlerContext ctx, QueryStringDecoder uri) {
        List<String> tickets = uri.parameters().get("token");
        String cookie = tickets == null || tickets.size() != 1 ? null : server.auth().redeem(tickets.get(0));
        if (cookie == null) {
            refuse(ctx, HttpResponseStatus.FORBIDDEN,
                    "login token unknown, already used or expired: run `signaltty web` for a new one");
            return;
        }
        DefaultCookie session = new DefaultCookie(server.cookieName(), cookie);
        session.setHttpOnly(true);
        session.setSameSite(CookieHeaderNames.SameSite.Strict);
        session.setPath("/");
        session.setSecure("https".equals(server.hostPolicy().scheme()));
        FullHttpResponse response = response(HttpResponseStatus.SEE_OTHER, new byte[0], "text/plain");
        response.headers().set(HttpHeaderNames.LOCATION, "/");
        response.headers().set(HttpHeaderNames.SET_COOKIE, ServerCookieEncoder.STRICT.encode(session));
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    private @Nullable String sessionCookie(FullHttpRequest request) {
        String header = request.headers().get(HttpHeaderNames.COOKIE);
        if (header == null) {
            return null;
        }
        Set<Cookie> cookies = ServerCookieDecoder.STRICT.decode(header);
        for (Cookie c : cookies) {
            if (c.name().equals(server.cookieName())) {
                return c.value();
            }
        }
        return null;
    }

    private void upgrade(ChannelHandlerContext ctx, FullHttpRequest request, HostPolicy policy) {
        // without this, Netty takes a plain GET for a draft-00 handshake, fails it and closes: an empty reply
        if (!HttpHeaderValues.WEBSOCKET.contentEqualsIgnoreCase(request.headers().get(HttpHeaderNames.UPGRADE, ""))) {
            refuse(ctx, HttpResponseStatus.BAD_REQUEST, "this is the dashboard's WebSocket (Upgrade: websocket); "
                    + "the page opens it");
            return;
        }
        String origin = request.headers().get(HttpHeaderNames.ORIGIN);
        if (!policy.originAllowed(origin)) {
            refuse(ctx, HttpResponseStatus.FORBIDDEN, "WebSocket from a foreign Origin " + origin);
            return;
        }
        String location = ("https".equals(policy.scheme()) ? "wss://" : "ws://")
                + request.headers().get(HttpHeaderNames.HOST) + WS_PATH;
        WebSocketServerHandshaker handshaker = new WebSocketServerHandshakerFactory(location, null, false, MAX_MESSAGE)
                .newHandshaker(request);
        if (handshaker == null) {
            WebSocketServerHandshakerFactory.sendUnsupportedVersionResponse(ctx.channel());
            return;
        }
        WebSocketStream stream = new WebSocketStream(ctx.channel());
        ctx.pipeline().replace(this, "ws-aggregate", new WebSocketFrameAggregator(MAX_MESSAGE));
        ctx.pipeline().addLast("ws-connection", stream);
        handshaker.handshake(ctx.channel(), request).addListener(done -> {
            if (done.isSuccess()) {
                server.opened(stream, ctx.channel());
            } else {
                ctx.close();
            }
        });
    }

    private static void refuse(ChannelHandlerContext ctx, HttpResponseStatus status, String reason) {
        log.debug("web refused {}: {}", status.code(), reason);
        FullHttpResponse response = response(status, (status.code() + " " + reason + "\n").getBytes(StandardCharsets.UTF_8),
                "text/plain; charset=utf-8");
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    private static FullHttpResponse response(HttpResponseStatus status, byte[] body, String type) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        // the page is only ever its own top-level window (the decision buttons must not be framed).
        // Inline styles are allowed, scripts are not: xterm.js draws colours, the cursor and the
        // selection from <style> elements it writes per terminal; without them every pane is
        // monochrome (ADR 0790). Nothing else can load from elsewhere, so CSS cannot exfiltrate.
        response.headers().set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
        response.headers().set("X-Content-Type-Options", "nosniff");
        response.headers().set("Referrer-Policy", "no-referrer");
        return response;
    }

    private static void send(ChannelHandlerContext ctx, FullHttpRequest request, FullHttpResponse response) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(response);
        } else {
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.debug("web request failed", cause);
        ctx.close();
    }
}
