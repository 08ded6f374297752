package dev.signaltty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;

class ModularityTests {

    private static final Path DIAGRAMS = Path.of("docs/modules");

    ApplicationModules modules = ApplicationModules.of(SignalttyApplication.class);

    @Test
    void verifiesModularStructure() {
        modules.verify();
    }

    /**
     * The Modulith Documenter draws the module graph (all modules, and one diagram per module) from the
     * code; docs/modules holds them and must match. Regenerate with
     * {@code ./mvnw test -Dtest=ModularityTests -Dsignaltty.docs.write=true}.
     */
    @Test
    void theModuleDiagramsInDocsAreCurrent() throws IOException {
        Path out = Path.of("target/spring-modulith-docs");
        new Documenter(modules, Documenter.Options.defaults().withOutputFolder(out.toString()))
                .writeModulesAsPlantUml()
                .writeIndividualModulesAsPlantUml();
        Map<String, String> drawn = diagrams(out);
        assertThat(drawn).isNotEmpty();
        if (Boolean.getBoolean("signaltty.docs.write")) {
            Files.createDirectories(DIAGRAMS);
            for (Path stale : list(DIAGRAMS)) {
                Files.delete(stale);
            }
            for (Map.Entry<String, String> d : drawn.entrySet()) {
                Files.writeString(DIAGRAMS.resolve(d.getKey()), d.getValue());
            }
        }
        // the Documenter lists modules and relations in classpath-scan order, which differs between runs:
        // compare each diagram's lines as a sorted list
        assertThat(sortedLines(diagrams(DIAGRAMS))).as("regenerate with -Dsignaltty.docs.write=true")
                .isEqualTo(sortedLines(drawn));
    }

    private static Map<String, List<String>> sortedLines(Map<String, String> byName) {
        Map<String, List<String>> sorted = new TreeMap<>();
        byName.forEach((name, text) -> sorted.put(name, text.lines().sorted().toList()));
        return sorted;
    }

    private static Map<String, String> diagrams(Path dir) throws IOException {
        Map<String, String> byName = new TreeMap<>();
        if (Files.isDirectory(dir)) {
            for (Path p : list(dir)) {
                byName.put(p.getFileName().toString(), Files.readString(p));
            }
        }
        return byName;
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".puml")).sorted().toList();
        }
    }
}
