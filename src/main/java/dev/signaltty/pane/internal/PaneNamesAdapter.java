package dev.signaltty.pane.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.PaneNames;

/** Lets the workspace module resolve {@code tab.set_layout} leaves by name, with the registry's id-first rule. */
@Component
class PaneNamesAdapter implements PaneNames {

    private final PaneRegistry registry;

    PaneNamesAdapter(PaneRegistry registry) {
        this.registry = registry;
    }

    @Override
    public @Nullable String paneId(String idOrName) {
        try {
            return registry.resolve(idOrName).id;
        } catch (ProtocolException unknown) {
            return null;
        }
    }
}
