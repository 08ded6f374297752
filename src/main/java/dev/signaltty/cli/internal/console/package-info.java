/** The Spring Shell console: commands, parser and completion built from the shared command table. */
@NullMarked
package dev.signaltty.cli.internal.console;

import org.jspecify.annotations.NullMarked;
