package dev.signaltty.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/terminal.md's table of supported controls stays true: each row names a test that exists (a
 * method of a class in this package, or a corpus case), and every final byte the CSI and ESC
 * dispatchers act on appears in some row's sequence.
 */
class TerminalControlsDocTest {

    private static final Path DOC = Path.of("docs/terminal.md");
    private static final Pattern ROW = Pattern.compile("^\\| ([^|]+) \\| (.+) \\| (.+) \\| `([^`]+)` \\|$");

    record Row(String control, String sequence, String test) {
    }

    static List<Row> rows() throws Exception {
        List<Row> rows = new ArrayList<>();
        boolean inTable = false;
        for (String line : Files.readAllLines(DOC)) {
            if (line.startsWith("| Control | Sequence |")) {
                inTable = true;
            } else if (inTable && !line.startsWith("|")) {
                break;
            } else if (inTable && !line.startsWith("|---")) {
                Matcher m = ROW.matcher(line);
                assertTrue(m.matches(), "table row not in the expected form: " + line);
                rows.add(new Row(m.group(1), m.group(2), m.group(4)));
            }
        }
        return rows;
    }

    @Test
    void everyListedControlNamesATestThatExists() throws Exception {
        List<Row> rows = rows();
        assertTrue(rows.size() > 50, "table found with " + rows.size() + " rows");
        for (Row row : rows) {
            if (row.test().startsWith("corpus:")) {
                Path dir = VtDifferentialTest.corpusRoot().resolve(row.test().substring("corpus:".length()));
                assertTrue(Files.exists(dir.resolve("input.bin")), row.control() + ": no corpus case " + dir);
                continue;
            }
            String[] parts = row.test().split("#");
            assertEquals(2, parts.length, row.control() + ": test must be Class#method");
            Class<?> type = Class.forName("dev.signaltty.vt." + parts[0]);
            boolean found = Arrays.stream(type.getDeclaredMethods()).map(Method::getName).anyMatch(parts[1]::equals);
            assertTrue(found, row.control() + ": no test method " + row.test());
        }
    }

    /** The final bytes the dispatchers handle, with their intermediates, as the table writes them. */
    @Test
    void everyHandledSequenceIsListed() throws Exception {
        String sequences = String.join("\n", rows().stream().map(Row::sequence).toList());
        TreeSet<String> missing = new TreeSet<>();
        for (char f : "@ABCDEFGHIJKLMPSTXZ`abcdeghlmnrsu".toCharArray()) {
            require(sequences, "CSI Ps " + f, "CSI Ps ; Ps " + f, "CSI " + f, "CSI Pm " + f, "CSI 4 " + f,
                "CSI 5 " + f, missing);
        }
        require(sequences, "CSI Ps SP @", null, null, null, null, null, missing);
        require(sequences, "CSI Ps SP A", null, null, null, null, null, missing);
        require(sequences, "CSI Ps SP q", null, null, null, null, null, missing);
        require(sequences, "CSI Ps ' }", null, null, null, null, null, missing);
        require(sequences, "CSI Ps ' ~", null, null, null, null, null, missing);
        require(sequences, "CSI ! p", null, null, null, null, null, missing);
        require(sequences, "CSI > c", null, null, null, null, null, missing);
        require(sequences, "CSI ? Ps h", null, null, null, null, null, missing);
        require(sequences, "CSI ? 6 n", null, null, null, null, null, missing);
        require(sequences, "CSI ? Ps $ p", null, null, null, null, null, missing);
        require(sequences, "DCS $ q", null, null, null, null, null, missing);
        for (char f : "78DEHMNOnoZc=>".toCharArray()) {
            require(sequences, "ESC " + f, null, null, null, null, null, missing);
        }
        require(sequences, "ESC # 8", null, null, null, null, null, missing);
        for (char g : "()*+".toCharArray()) {
            require(sequences, "ESC " + g + " F", null, null, null, null, null, missing);
        }
        assertTrue(missing.isEmpty(), "handled but not in docs/terminal.md: " + missing);
    }

    private static void require(String sequences, String a, String b, String c, String d, String e, String f,
                                TreeSet<String> missing) {
        for (String form : new String[] {a, b, c, d, e, f}) {
            if (form != null && sequences.contains(form)) {
                return;
            }
        }
        missing.add(a);
    }
}
