package dev.signaltty.cli.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.signaltty.cli.internal.ArgParser.Invocation;

/**
 * {@code hook-event}: an agent's native hook payload (stdin, or {@code --payload}) sent to the daemon
 * for the pane it runs in. Outside a pane, or with no daemon, it exits 0 printing nothing, so an
 * agent's hooks never break when signaltty is not running. Never auto-starts the daemon.
 */
record HookEventCommand(Path socket, InputStream stdin, PrintStream out, PrintStream err) {

    /** Native hook payloads are small; a cap keeps a runaway producer from filling memory. */
    static final int MAX_HOOK_INPUT = 4 * 1024 * 1024;

    int run(Invocation inv) {
        Map<String, Object> params = new LinkedHashMap<>(inv.params());
        if (!params.containsKey("pane_id")) {
            return 0;
        }
        Object payloadText = params.remove("payload");
        String text = payloadText instanceof String s ? s : readStdin();
        Object payload;
        try {
            payload = Json.parse(text);
        } catch (Json.ParseException e) {
            err.println("signaltty hook-event: the hook input is not JSON: " + e.getMessage());
            return 0;
        }
        params.put("payload", payload);
        Client connected;
        try {
            connected = Client.connect(socket); // one connection: a probe first would cost a second
        } catch (CliException noDaemon) {
            return 0;
        }
        try (Client client = connected) {
            Object result = client.call("hook-event", params).orThrow();
            if (Boolean.TRUE.equals(params.get("wait_for_answer"))) {
                if (result instanceof Map<?, ?> map && map.get("native_verdict") instanceof Map<?, ?> verdict) {
                    out.println(Json.write(verdict));
                }
            } else if (inv.options().json()) {
                out.println(Json.write(result));
            }
        }
        return 0;
    }

    private String readStdin() {
        try {
            byte[] bytes = stdin.readNBytes(MAX_HOOK_INPUT + 1);
            if (bytes.length > MAX_HOOK_INPUT) {
                throw new CliException("BAD_PARAMS", "hook input over " + MAX_HOOK_INPUT + " bytes");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException("IO_ERROR", "cannot read stdin: " + e.getMessage());
        }
    }
}
