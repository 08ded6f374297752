package dev.signaltty.pane.internal;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.Layouts;
import dev.signaltty.workspace.StructureLock;
import dev.signaltty.workspace.TabRef;
import dev.signaltty.workspace.SplitSide;

/**
 * pane.rename, pane.swap, pane.move and pane.break: they change where a pane is shown or what it is called, never
 * its process. Each runs under the {@link StructureLock}, so a pane's {@code tabId} and the layouts
 * always agree for every reader, and a concurrent close cannot interleave. Events: the layouts emit
 * tab.updated for each touched tab, then each pane that changed tab (or name) emits pane.updated.
 */
@Component
class PaneArrangement {

    /** herdr's agent-name rule (seed): a lowercase slug of at most 32 bytes. */
    static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");
    static final int NAME_MAX_BYTES = 32;

    private final PaneRegistry registry;
    private final Layouts layouts;
    private final StructureLock lock;
    private final EventLog events;

    PaneArrangement(PaneRegistry registry, Layouts layouts, StructureLock lock, EventLog events) {
        this.registry = registry;
        this.layouts = layouts;
        this.lock = lock;
        this.events = events;
    }

    static void checkName(String field, String name) {
        if (name.getBytes(StandardCharsets.UTF_8).length > NAME_MAX_BYTES) {
            throw ProtocolException.badParams(field, "must be at most " + NAME_MAX_BYTES + " bytes");
        }
        if (!NAME.matcher(name).matches()) {
            // Build, my.pane: the slug the person likely meant, when lower case and '-' make one
            String slug = name.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_-]+", "-");
            throw ProtocolException.badParams(field, "must match [a-z][a-z0-9_-]*" + (NAME.matcher(slug).matches()
                    && slug.getBytes(StandardCharsets.UTF_8).length <= NAME_MAX_BYTES ? " (e.g. '" + slug + "')" : ""));
        }
    }

    /** Sets (or, with null, clears) a pane's unique name. Renaming to the current name changes nothing. */
    Pane.PaneView rename(String paneRef, @Nullable String name) {
        return lock.call(() -> {
            Pane pane = registry.resolve(paneRef);
            if (java.util.Objects.equals(pane.name, name)) {
                return pane.view();
            }
            if (name != null) {
                for (Pane other : registry.all()) {
                    if (other != pane && name.equals(other.name)) {
                        throw new ProtocolException(ErrorCode.BAD_PARAMS, "name: " + name + " is taken by "
                                + other.id, Map.of("field", "name", "pane_id", other.id));
                    }
                }
            }
            pane.name = name;
            Pane.PaneView view = pane.view();
            events.append(new PaneEvents.Updated(view));
            return view;
        });
    }

    /** pane.swap and pane.move: both panes as they are afterwards. */
    record Arranged(Pane.PaneView pane, Pane.PaneView target) {
    }

    Arranged swap(String paneRef, String targetRef) {
        return lock.call(() -> {
            Pane pane = registry.resolve(paneRef);
            Pane target = target(pane, targetRef);
            String paneTab = pane.tabId;
            String targetTab = target.tabId;
            layouts.swap(paneTab, pane.id, targetTab, target.id);
            if (!paneTab.equals(targetTab)) {
                pane.tabId = targetTab;
                target.tabId = paneTab;
                events.append(new PaneEvents.Updated(pane.view()));
                events.append(new PaneEvents.Updated(target.view()));
            }
            return new Arranged(pane.view(), target.view());
        });
    }

    Arranged move(String paneRef, String targetRef, SplitSide side) {
        return lock.call(() -> {
            Pane pane = registry.resolve(paneRef);
            Pane target = target(pane, targetRef);
            String from = pane.tabId;
            layouts.move(from, pane.id, target.tabId, target.id, side);
            if (!from.equals(target.tabId)) {
                pane.tabId = target.tabId;
                events.append(new PaneEvents.Updated(pane.view()));
            }
            return new Arranged(pane.view(), target.view());
        });
    }

    /** pane.break: the pane as it is afterwards, and the new tab it is alone in. */
    record BrokenOut(Pane.PaneView pane, String tabId, String tabName) {
    }

    BrokenOut breakOut(String paneRef, @Nullable String tabName) {
        return lock.call(() -> {
            Pane pane = registry.resolve(paneRef);
            TabRef tab = layouts.breakOut(pane.tabId, pane.id, tabName);
            pane.tabId = tab.id();
            events.append(new PaneEvents.Updated(pane.view()));
            return new BrokenOut(pane.view(), tab.id(), tab.name());
        });
    }

    /** The other pane of a swap or move: distinct and in the same workspace, else BAD_PARAMS. */
    private Pane target(Pane pane, String targetRef) {
        Pane target = registry.resolve(targetRef);
        if (target == pane) {
            throw ProtocolException.badParams("target_pane_id", "is the same pane as pane_id");
        }
        if (!target.workspaceId.equals(pane.workspaceId)) {
            throw ProtocolException.badParams("target_pane_id", "pane " + target.id + " is in another workspace");
        }
        return target;
    }
}
