/**
 * The web dashboard's server (ADR 0150): HTTP for the page's static files and a WebSocket that is one
 * more kind of signaltty/1 connection of the router. Started lazily by {@code web.start}; loopback and a
 * session cookie by default.
 */
@NullMarked
package dev.signaltty.transport.internal.web;

import org.jspecify.annotations.NullMarked;
