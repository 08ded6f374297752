package dev.signaltty.transport.internal.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.concurrent.LinkedBlockingQueue;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.internal.ConnectionStream;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;

/**
 * A WebSocket as the JSONL byte stream a connection reads and writes: each message the page sends is
 * one request line, each line the connection writes is one text message. Reading is bounded: past
 * {@link #PAUSE_BYTES} of unread requests the channel stops reading from the socket until the
 * connection's reader has caught up. Writing blocks the connection's writer until Netty has handed a
 * batch to the kernel, so a browser that stops reading backs up into the connection's own capped queue
 * and the existing lag rules close it, exactly as on the Unix socket.
 */
final class WebSocketStream extends SimpleChannelInboundHandler<WebSocketFrame> implements ConnectionStream {

    static final long PAUSE_BYTES = 4L * 1024 * 1024;
    private static final byte[] END = new byte[0];

    private final Channel channel;
    private final LinkedBlockingQueue<byte[]> incoming = new LinkedBlockingQueue<>();
    private final Object readLock = new Object();
    private long unread;

    WebSocketStream(Channel channel) {
        this.channel = channel;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame) {
            byte[] body = ByteBufUtil.getBytes(frame.content());
            byte[] line = new byte[body.length + 1];
            System.arraycopy(body, 0, line, 0, body.length);
            line[body.length] = '\n';
            synchronized (readLock) {
                unread += line.length;
                if (unread > PAUSE_BYTES) {
                    channel.config().setAutoRead(false);
                }
            }
            incoming.add(line);
        } else if (frame instanceof PingWebSocketFrame) {
            ctx.writeAndFlush(new PongWebSocketFrame(frame.content().retain()));
        } else if (frame instanceof CloseWebSocketFrame) {
            ctx.writeAndFlush(new CloseWebSocketFrame()).addListener(f -> ctx.close());
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        incoming.add(END);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    private final InputStream input = new InputStream() {
        private byte @Nullable [] chunk;
        private int pos;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] into, int off, int len) throws IOException {
            if (chunk == END) {
                return -1;
            }
            if (chunk == null || pos == chunk.length) {
                try {
                    chunk = incoming.take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted");
                }
                pos = 0;
                if (chunk == END) {
                    incoming.add(END); // every later read sees the end too
                    return -1;
                }
            }
            int n = Math.min(len, chunk.length - pos);
            System.arraycopy(chunk, pos, into, off, n);
            pos += n;
            if (pos == chunk.length) {
                synchronized (readLock) {
                    unread -= chunk.length;
                    if (unread < PAUSE_BYTES / 4 && !channel.config().isAutoRead()) {
                        channel.config().setAutoRead(true);
                    }
                }
            }
            return n;
        }
    };

    private final OutputStream output = new OutputStream() {
        private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        private @Nullable ChannelFuture last;

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int off, int len) throws IOException {
            int start = off;
            for (int i = off; i < off + len; i++) {
                if (bytes[i] == '\n') {
                    line.write(bytes, start, i - start);
                    send();
                    start = i + 1;
                }
            }
            line.write(bytes, start, off + len - start);
        }

        private void send() throws IOException {
            if (!channel.isActive()) {
                throw new IOException("websocket closed");
            }
            last = channel.write(new TextWebSocketFrame(Unpooled.wrappedBuffer(line.toByteArray())));
            line.reset();
        }

        @Override
        public void flush() throws IOException {
            ChannelFuture pending = last;
            last = null;
            channel.flush();
            if (pending != null) {
                // until the kernel has the batch: a browser that does not read holds the writer here
                pending.awaitUninterruptibly();
                if (!pending.isSuccess()) {
                    throw new IOException("websocket write failed", pending.cause());
                }
            }
        }
    };

    @Override
    public InputStream input() {
        return input;
    }

    @Override
    public OutputStream output() {
        return output;
    }

    @Override
    public boolean isClosed() {
        return !channel.isOpen();
    }

    @Override
    public void shutdownOutput() {
        channel.close();
    }

    @Override
    public void close() {
        channel.close();
    }
}
