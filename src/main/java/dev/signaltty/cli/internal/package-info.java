/** CLI internals: JSON codec, socket client, command table and parser, daemon launcher, attach. */
@NullMarked
package dev.signaltty.cli.internal;

import org.jspecify.annotations.NullMarked;
