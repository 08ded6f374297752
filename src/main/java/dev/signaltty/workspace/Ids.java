package dev.signaltty.workspace;

import java.security.SecureRandom;

/** Opaque server ids: {@code <kind>_<random base36>}; they always contain '_', handles never do. */
public final class Ids {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz".toCharArray();

    private Ids() {
    }

    public static String next(String kind) {
        char[] out = new char[10];
        for (int i = 0; i < out.length; i++) {
            out[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return kind + "_" + new String(out);
    }
}
