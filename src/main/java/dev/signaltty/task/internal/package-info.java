/** Task internals: the store, the start flow, the background first submit, finish/cancel, handlers. */
@NullMarked
package dev.signaltty.task.internal;

import org.jspecify.annotations.NullMarked;
