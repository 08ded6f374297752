/**
 * CLI: the one-shot client (no Spring on its path) and the Spring Shell console, both built from one
 * command table; {@link dev.signaltty.cli.Main} is the single entry point, the daemon included.
 */
@NullMarked
package dev.signaltty.cli;

import org.jspecify.annotations.NullMarked;
