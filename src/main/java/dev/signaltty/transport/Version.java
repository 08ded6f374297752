package dev.signaltty.transport;

/** signaltty's version and protocol name, shared by the daemon ({@code server.info}) and the CLI ({@code --version}). */
public final class Version {

    public static final String VERSION = "0.1.0";
    public static final String PROTOCOL = "signaltty/1";

    private Version() {
    }
}
