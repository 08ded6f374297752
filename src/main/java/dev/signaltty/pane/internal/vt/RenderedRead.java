package dev.signaltty.pane.internal.vt;

import java.util.List;

public record RenderedRead(String text, long seq, long nextSeq, boolean dropped, boolean truncated,
                           List<RenderedLine> lines) {
}
