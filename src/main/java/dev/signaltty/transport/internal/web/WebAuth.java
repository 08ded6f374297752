package dev.signaltty.transport.internal.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.jspecify.annotations.Nullable;

/**
 * The dashboard's credentials. A 256-bit token lives in {@code <state>/web/token} (0600): it signs
 * session cookies ({@code <session id>.<HMAC-SHA256(token, id)>}), so a browser stays logged in across
 * daemon restarts, and rotating it logs every browser out. {@code signaltty web} gets a one-time login
 * ticket (128 bits, 5 minutes, single use) for the URL it prints: the token itself never appears in a
 * URL, a browser history or a terminal's scrollback.
 */
final class WebAuth {

    static final long TICKET_LIFETIME_MILLIS = 5 * 60 * 1000;
    /** Unredeemed tickets kept; the oldest is dropped beyond this (each `signaltty web` mints one). */
    static final int MAX_TICKETS = 32;
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    private final Path tokenFile;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Long> tickets = new LinkedHashMap<>();
    private byte[] token;

    WebAuth(Path tokenFile, Clock clock) throws IOException {
        this.tokenFile = tokenFile;
        this.clock = clock;
        this.token = Files.exists(tokenFile) ? read(tokenFile) : write(tokenFile, fresh(32));
    }

    /** A new token: every session cookie and unredeemed ticket stops working. */
    synchronized void rotate() throws IOException {
        token = write(tokenFile, fresh(32));
        tickets.clear();
    }

    /** A one-time login ticket for the printed URL. */
    synchronized String newTicket() {
        String ticket = B64.encodeToString(fresh(16));
        tickets.put(ticket, clock.millis() + TICKET_LIFETIME_MILLIS);
        Iterator<String> oldest = tickets.keySet().iterator();
        while (tickets.size() > MAX_TICKETS) {
            oldest.next();
            oldest.remove();
        }
        return ticket;
    }

    /** Spends a ticket: a new session cookie value, or null if the ticket is unknown, used or expired. */
    synchronized @Nullable String redeem(String ticket) {
        Long expires = tickets.remove(ticket);
        if (expires == null || clock.millis() > expires) {
            return null;
        }
        String session = B64.encodeToString(fresh(16));
        return session + "." + sign(session);
    }

    /** Whether a cookie value is a session signed with the current token. */
    synchronized boolean validSession(@Nullable String cookie) {
        if (cookie == null) {
            return false;
        }
        int dot = cookie.indexOf('.');
        if (dot <= 0) {
            return false;
        }
        byte[] expected = sign(cookie.substring(0, dot)).getBytes(StandardCharsets.US_ASCII);
        byte[] given = cookie.substring(dot + 1).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, given);
    }

    private String sign(String session) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(token, "HmacSHA256"));
            return B64.encodeToString(mac.doFinal(session.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    private byte[] fresh(int bytes) {
        byte[] value = new byte[bytes];
        random.nextBytes(value);
        return value;
    }

    private static byte[] read(Path file) throws IOException {
        if (!PosixFilePermissions.toString(Files.getPosixFilePermissions(file)).equals("rw-------")) {
            throw new IOException("web token " + file + " must be readable by its owner only (chmod 600)");
        }
        byte[] value = Base64.getUrlDecoder().decode(Files.readString(file).trim());
        if (value.length < 16) {
            throw new IOException("web token " + file + " is shorter than 128 bits; rotate it (signaltty web --rotate)");
        }
        return value;
    }

    /** Written to a 0600 temp file and moved into place: a reader never sees half a token. */
    private static byte[] write(Path file, byte[] value) throws IOException {
        Path dir = file.getParent();
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Path tmp = Files.createTempFile(dir, "token", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, B64.encodeToString(value) + "\n");
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return value;
    }
}
