package dev.signaltty.workspace.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;
import dev.signaltty.workspace.CheckoutGuard;

/** workspace.create: a named workspace rooted at a directory, with an immutable handle. */
@Component
class WorkspaceCreateHandler implements MethodHandler<WorkspaceCreateHandler.Params, WorkspaceStore.WorkspaceView> {

    /** {@code cwd} defaults to the daemon's home directory; {@code name} to the directory's name. */
    record Params(@Nullable @Shape(Shape.Kind.NAME) String name, @Nullable @Shape(Shape.Kind.ABSOLUTE_PATH) String cwd) {
        Params {
            if (name != null && name.isBlank()) {
                throw ProtocolException.badParams("name", "must not be blank");
            }
        }
    }

    private final WorkspaceStore store;
    private final CheckoutGuard checkouts;

    WorkspaceCreateHandler(WorkspaceStore store, CheckoutGuard checkouts) {
        this.store = store;
        this.checkouts = checkouts;
    }

    @Override
    public String method() {
        return "workspace.create";
    }

    @Override
    public String summary() {
        return "Creates a workspace {name?, cwd?}; returns its id and handle.";
    }

    @Override
    public WorkspaceStore.WorkspaceView handle(Params params, CallContext context) {
        Path cwd;
        try {
            cwd = Path.of(params.cwd() == null ? System.getProperty("user.home") : params.cwd()).toRealPath();
        } catch (IOException e) {
            throw ProtocolException.badParams("cwd", "no such directory: " + params.cwd());
        }
        if (!Files.isDirectory(cwd)) {
            throw ProtocolException.badParams("cwd", "not a directory: " + cwd);
        }
        String name = params.name() != null ? params.name()
                : cwd.getFileName() == null ? "root" : cwd.getFileName().toString();
        return store.lock().call(() -> {
            checkouts.refuseIfRemoving(cwd, "cwd"); // no workspace in a worktree being removed
            return store.create(name, cwd);
        });
    }
}
