package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.atomic.LongAdder;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/** pane.write: raw input bytes, as text ({@code data}) or base64 ({@code data_b64}), exactly one. */
@Component
class PaneWriteHandler implements MethodHandler<PaneWriteHandler.Params, PaneWriteHandler.Result>, MeterBinder {

    record Params(String paneId, @Nullable String data, @Nullable String dataB64) {
        Params {
            if ((data == null) == (dataB64 == null)) {
                throw ProtocolException.badParams("data", "give exactly one of data or data_b64");
            }
        }

        byte[] bytes() {
            if (data != null) {
                return data.getBytes(StandardCharsets.UTF_8);
            }
            try {
                return Base64.getDecoder().decode(dataB64);
            } catch (IllegalArgumentException e) {
                throw ProtocolException.badParams("data_b64", "is not valid base64");
            }
        }
    }

    record Result(String paneId, int bytes) {
    }

    private final PaneRegistry registry;
    private final KeystrokeHold hold;
    private final LongAdder bytesIn = new LongAdder();

    PaneWriteHandler(PaneRegistry registry, KeystrokeHold hold) {
        this.registry = registry;
        this.hold = hold;
    }

    @Override
    public String method() {
        return "pane.write";
    }

    @Override
    public String summary() {
        return "Writes raw input bytes to the pane's PTY.";
    }

    @Override
    public PaneWriteHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        byte[] bytes = params.bytes();
        // a keystroke: the floods wait while its echo is in flight (ADR 0910); opened before the write, so
        // an echo read at once still ends it
        boolean held = bytes.length <= KeystrokeHold.KEY_BYTES && hold.open(pane.id);
        try {
            pane.write(bytes);
            bytesIn.add(bytes.length);
        } catch (IOException | RuntimeException e) {
            if (held) {
                hold.outputRead(pane.id); // no echo will come
            }
            throw e instanceof IOException io ? InputRefusal.of(pane, io) : (RuntimeException) e;
        }
        return new Result(pane.id, bytes.length);
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        FunctionCounter.builder("signaltty.pty.bytes", bytesIn, LongAdder::sum).tag("direction", "in")
                .description("Bytes written to pane PTYs (pane.write input)").baseUnit("bytes").register(meters);
    }
}
