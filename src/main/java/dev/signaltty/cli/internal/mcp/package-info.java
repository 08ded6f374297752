/** {@code signaltty mcp}: the MCP stdio server, a thin layer over the signaltty/1 socket (ADR 0181). */
@NullMarked
package dev.signaltty.cli.internal.mcp;

import org.jspecify.annotations.NullMarked;
