/**
 * The terminal emulator as a module of its own (ADR 0345): it exports only the Terminal API in
 * {@code dev.signaltty.vt}; the parser, the grid and the emulator in {@code dev.signaltty.vt.internal}
 * stay out of reach of the application, which compiles against this module on the module path.
 * jspecify's nullness annotations are needed to compile, not to run.
 */
module dev.signaltty.vt {
    requires static org.jspecify;

    exports dev.signaltty.vt;
}
