package dev.signaltty.cli.internal.console;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.UserInterruptException;

/** A LineReader whose {@code readLine} turns Ctrl-C into an empty line and Ctrl-D into {@code exit}. */
final class PromptInterrupts {

    private PromptInterrupts() {
    }

    static LineReader wrap(LineReader reader) {
        return (LineReader) Proxy.newProxyInstance(LineReader.class.getClassLoader(), new Class<?>[] {LineReader.class},
                (proxy, method, args) -> {
                    try {
                        return method.invoke(reader, args);
                    } catch (InvocationTargetException e) {
                        if (method.getName().equals("readLine")) {
                            if (e.getCause() instanceof UserInterruptException) {
                                return "";
                            }
                            if (e.getCause() instanceof EndOfFileException) {
                                return "exit";
                            }
                        }
                        throw e.getCause();
                    }
                });
    }
}
