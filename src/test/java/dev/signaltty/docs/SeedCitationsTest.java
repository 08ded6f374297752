package dev.signaltty.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The repo is self-contained for rule citations (ADR 0105): every {@code seed Rnnn} in the code, tests
 * and docs names a rule of docs/seed-rules.md, ranges are spelled out so one grep finds a rule, and every
 * numbered rule is cited by at least one test.
 */
class SeedCitationsTest {

    private static final Pattern RULE_ROW = Pattern.compile("^\\| (\\d+) \\|", Pattern.MULTILINE);
    private static final Pattern CITATION = Pattern.compile("seed R(\\d+)");
    private static final Pattern RANGE = Pattern.compile("\\bR\\d+ ?[-–] ?R?\\d+\\b");

    @Test
    void everyCitationNamesANumberedRuleAndNoneIsARange() throws IOException {
        Set<Integer> rules = numberedRules();
        List<String> unknown = new ArrayList<>();
        List<String> ranges = new ArrayList<>();
        for (Path file : sources()) {
            String text = Files.readString(file);
            Matcher m = CITATION.matcher(text);
            while (m.find()) {
                if (!rules.contains(Integer.parseInt(m.group(1)))) {
                    unknown.add(file + ": " + m.group());
                }
            }
            Matcher r = RANGE.matcher(text);
            while (r.find()) {
                ranges.add(file + ": " + r.group());
            }
        }
        assertThat(rules).hasSize(363);
        assertThat(unknown).as("citations of rules docs/seed-rules.md does not have").isEmpty();
        assertThat(ranges).as("rule ranges (spell each number out so a grep finds it)").isEmpty();
    }

    @Test
    void everyNumberedRuleIsCitedByATest() throws IOException {
        Set<Integer> uncited = new TreeSet<>(numberedRules());
        try (Stream<Path> tests = Files.walk(Path.of("src/test"))) {
            tests.filter(Files::isRegularFile).forEach(file -> {
                Matcher m = CITATION.matcher(read(file));
                while (m.find()) {
                    uncited.remove(Integer.parseInt(m.group(1)));
                }
            });
        }
        assertThat(uncited).as("rules no test cites").isEmpty();
    }

    private static Set<Integer> numberedRules() throws IOException {
        Set<Integer> rules = new TreeSet<>();
        Matcher m = RULE_ROW.matcher(Files.readString(Path.of("docs/seed-rules.md")));
        while (m.find()) {
            rules.add(Integer.parseInt(m.group(1)));
        }
        return rules;
    }

    private static List<Path> sources() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String root : List.of("src/main", "src/vt", "src/test", "docs")) {
            try (Stream<Path> walk = Files.walk(Path.of(root))) {
                walk.filter(Files::isRegularFile)
                        .filter(p -> p.toString().endsWith(".java") || p.toString().endsWith(".md"))
                        .filter(p -> !p.endsWith(Path.of("docs/seed-rules.md")))
                        .forEach(files::add);
            }
        }
        return files;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
