/**
 * The terminal clients that draw panes: {@link dev.signaltty.cli.internal.view.TabView} (a whole tab
 * with its layout, a status line and prefix keys) and the JLine terminal both it and {@code attach}
 * use. Loaded only on those paths: the one-shot CLI never touches JLine.
 */
@NullMarked
package dev.signaltty.cli.internal.view;

import org.jspecify.annotations.NullMarked;
