package dev.signaltty.transport;

/** Params of a method that takes none (unknown fields are still ignored). */
public record NoParams() {
}
