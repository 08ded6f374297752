/**
 * Remote daemons over SSH ({@code --host}, {@code SIGNALTTY_HOST}, {@code signaltty hosts}): OpenSSH
 * carries and authenticates everything. One ControlMaster connection per host forwards the remote
 * daemon's Unix socket to a local one, so the protocol and every command stay as they are
 * (docs/adr/0200-remote-hosts-over-ssh.md).
 */
@NullMarked
package dev.signaltty.cli.internal.remote;

import org.jspecify.annotations.NullMarked;
