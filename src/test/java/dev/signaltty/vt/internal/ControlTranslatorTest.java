package dev.signaltty.vt.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The translator's text entry point carries on over CR LF into the next line's text (ADR 0691): the terminal
 * gets the same calls in the same order as when the parser sends each control, and the parser is told how
 * far that went.
 */
class ControlTranslatorTest {

    private final List<String> calls = new ArrayList<>();

    /** Operations that record their calls; print takes printable ASCII up to the first other byte. */
    private ControlTranslator translator() {
        TerminalOperations ops = (TerminalOperations) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {TerminalOperations.class, EditingOperations.class, QueryOperations.class}, (proxy, method, args) -> {
                if (method.getName().equals("print")) {
                    byte[] buf = (byte[]) args[0];
                    int off = (int) args[1];
                    int end = (int) args[2];
                    int i = off;
                    while (i < end && buf[i] >= 0x20 && buf[i] != 0x7F) {
                        i++;
                    }
                    calls.add("print " + new String(buf, off, i - off, StandardCharsets.UTF_8));
                    return i - off;
                }
                calls.add(method.getName());
                return method.getReturnType() == int.class ? 0 : null;
            });
        return new ControlTranslator(ops, (EditingOperations) ops, (QueryOperations) ops);
    }

    private int offer(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return translator().printUtf8(b, 0, b.length);
    }

    @Test
    void linesEndingInCrLfAreTakenWithTheNextLinesText() {
        assertEquals("one\r\ntwo\r\nthree".length(), offer("one\r\ntwo\r\nthree"));
        assertEquals(List.of("print one", "carriageReturn", "lineFeed", "print two", "carriageReturn", "lineFeed",
            "print three"), calls);
    }

    @Test
    void stopsWhereTheParserMustDecide() {
        assertEquals(3, offer("one\r\n\u001b[1mtwo")); // an escape after the line: CR LF are the parser's
        assertEquals(3, offer("one\r\n")); // nothing after them in this buffer
        assertEquals(3, offer("one\r\n\r\n")); // an empty line
        assertEquals(3, offer("one\rtwo")); // CR alone
        assertEquals(List.of("print one", "print one", "print one", "print one"), calls);
    }

    @Test
    void aNextLineThatTheTerminalDoesNotTakeIsLeftAfterTheControls() {
        assertEquals(5, offer("one\r\n\u00e9")); // this terminal takes ASCII only: é is the parser's
        assertEquals(List.of("print one", "carriageReturn", "lineFeed", "print "), calls);
        calls.clear();
        assertEquals(0, offer("\u00e9one\r\ntwo")); // nothing taken: nothing carried on
        assertEquals(List.of("print "), calls);
    }
}
