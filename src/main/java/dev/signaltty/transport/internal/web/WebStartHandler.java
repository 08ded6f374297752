package dev.signaltty.transport.internal.web;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** web.start: serves the dashboard (once) and returns its URL with a one-time login token. */
@Component
class WebStartHandler implements MethodHandler<WebStartHandler.Params, WebServer.Started> {

    record Params(@Nullable Boolean rotate) {
    }

    private final WebServer server;

    WebStartHandler(WebServer server) {
        this.server = server;
    }

    @Override
    public String method() {
        return "web.start";
    }

    @Override
    public String summary() {
        return "Serves the web dashboard (started on first call) and returns its URL with a one-time login token; rotate: new token, every browser logs in again.";
    }

    @Override
    public WebServer.Started handle(Params params, CallContext context) {
        return server.start(Boolean.TRUE.equals(params.rotate()));
    }
}
