package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon's one jar (ADR 0740): src/main/onejar/DaemonJar.java, run as bin/signaltty runs it, merges the
 * classes jar and the libraries by ADR 0712's rules, on small jars made here and on this build's real
 * libraries (target/lib, copied before the tests).
 */
class DaemonJarTest {

    private static final Path TOOL = Path.of("src/main/onejar/DaemonJar.java");

    @TempDir
    Path temp;

    @Test
    void mergesServicesFactoriesAndMetadataDropsSignaturesAndModulesAndKeepsTheFirstClass() throws Exception {
        Path a = jar("a.jar", true, Map.ofEntries(
                Map.entry("com/x/A.class", "A from a"),
                Map.entry("META-INF/services/com.x.Spi", "a.Impl\n"),
                Map.entry("META-INF/spring.factories", "com.x.Key=a.One\ncom.x.OnlyA=a.X\n"),
                Map.entry("META-INF/spring/aot.factories", "com.x.Aot=\\\n  a.F\n"),
                Map.entry("META-INF/spring/com.x.AutoConfiguration.imports", "a.Auto\n"),
                Map.entry("META-INF/spring-autoconfigure-metadata.properties", "a.Auto.ConditionalOnClass=a.C\n"),
                Map.entry("META-INF/spring.handlers", "http\\://a/schema=a.Handler\n"),
                Map.entry("META-INF/io.netty.versions.properties", "io.netty.versions.a.version=1"),
                Map.entry("META-INF/INDEX.LIST", "JarIndex-Version: 1.0\n\na.jar\ncom\n"),
                Map.entry("META-INF/A.SF", "Signature-Version: 1.0\n"),
                Map.entry("META-INF/A.RSA", "signature"),
                Map.entry("module-info.class", "module a"),
                Map.entry("META-INF/versions/9/module-info.class", "module a 9"),
                Map.entry("META-INF/versions/11/com/x/V.class", "V for 11"),
                Map.entry("META-INF/LICENSE", "licence a"),
                Map.entry("shared.txt", "from a")));
        Path b = jar("b.jar", false, Map.ofEntries(
                Map.entry("com/x/A.class", "A from b"),
                Map.entry("com/x/B.class", "B"),
                Map.entry("META-INF/services/com.x.Spi", "# a comment\nb.Impl\na.Impl\n"),
                Map.entry("META-INF/spring.factories", "com.x.Key=b.Two,b.Three\n"),
                Map.entry("META-INF/spring/aot.factories", "com.x.Aot=b.F\n"),
                Map.entry("META-INF/spring/com.x.AutoConfiguration.imports", "b.Auto"),
                Map.entry("META-INF/spring-autoconfigure-metadata.properties", "b.Auto.ConditionalOnClass=b.C\n"),
                Map.entry("META-INF/spring.handlers", "http\\://b/schema=b.Handler\n"),
                Map.entry("META-INF/io.netty.versions.properties", "io.netty.versions.b.version=2\n"),
                Map.entry("META-INF/B.EC", "signature"),
                Map.entry("module-info.class", "module b"),
                Map.entry("META-INF/versions/9/com/x/W.class", "unused: b is not multi-release"),
                Map.entry("META-INF/LICENSE", "licence b"),
                Map.entry("shared.txt", "from b")));
        Path out = temp.resolve("daemon.jar");

        Merge merge = merge(out, a, b);

        assertThat(merge.exit).as(merge.output).isZero();
        assertThat(temp.resolve("daemon.jar.tmp")).as("written under a temporary name, then moved").doesNotExist();
        try (JarFile jar = new JarFile(out.toFile())) {
            assertThat(text(jar, "com/x/A.class")).as("the first class wins").isEqualTo("A from a");
            assertThat(merge.output).as("a duplicate class that differs is reported")
                    .contains("com/x/A.class differs in b.jar");
            assertThat(text(jar, "com/x/B.class")).isEqualTo("B");
            assertThat(text(jar, "META-INF/services/com.x.Spi").lines()).as("services: every jar's lines, once")
                    .containsExactly("a.Impl", "b.Impl");
            Properties factories = properties(jar, "META-INF/spring.factories");
            assertThat(factories.getProperty("com.x.Key")).as("factories: a shared key's values joined")
                    .isEqualTo("a.One,b.Two,b.Three");
            assertThat(factories.getProperty("com.x.OnlyA")).isEqualTo("a.X");
            assertThat(properties(jar, "META-INF/spring/aot.factories").getProperty("com.x.Aot")).isEqualTo("a.F,b.F");
            assertThat(text(jar, "META-INF/spring/com.x.AutoConfiguration.imports").lines())
                    .containsExactly("a.Auto", "b.Auto");
            assertThat(properties(jar, "META-INF/spring-autoconfigure-metadata.properties")).as("metadata merged")
                    .containsEntry("a.Auto.ConditionalOnClass", "a.C").containsEntry("b.Auto.ConditionalOnClass", "b.C");
            assertThat(properties(jar, "META-INF/spring.handlers"))
                    .containsEntry("http://a/schema", "a.Handler").containsEntry("http://b/schema", "b.Handler");
            assertThat(properties(jar, "META-INF/io.netty.versions.properties"))
                    .containsEntry("io.netty.versions.a.version", "1").containsEntry("io.netty.versions.b.version", "2");
            for (String dropped : List.of("META-INF/INDEX.LIST", "META-INF/A.SF", "META-INF/A.RSA", "META-INF/B.EC",
                    "module-info.class", "META-INF/versions/9/module-info.class", "META-INF/versions/9/com/x/W.class")) {
                assertThat(jar.getEntry(dropped)).as(dropped + " dropped").isNull();
            }
            assertThat(text(jar, "META-INF/versions/11/com/x/V.class")).as("a multi-release jar's versions kept")
                    .isEqualTo("V for 11");
            assertThat(jar.getManifest().getMainAttributes().getValue("Multi-Release")).isEqualTo("true");
            assertThat(text(jar, "META-INF/licenses/a/LICENSE")).isEqualTo("licence a");
            assertThat(text(jar, "META-INF/licenses/b/LICENSE")).isEqualTo("licence b");
            assertThat(text(jar, "shared.txt")).as("another resource: the first wins").isEqualTo("from a");
            assertThat(merge.output).as("and a differing one is reported").contains("shared.txt differs in b.jar");
            assertThat(jar.getEntry("com/x/")).as("directory entries, for class path scanning").isNotNull();
        }
    }

    /**
     * This build's classes and libraries, merged as bin/signaltty merges them: every class and resource of every
     * jar is there, every jar's service, import and factory entries are in the merged files, and nothing differs
     * between jars that carry the same entry (else the merge says so and the rule table of ADR 0740 needs a row).
     */
    @Test
    void theRealLibrariesMergeWithNothingLostAndNothingDiffering() throws Exception {
        Path classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path classesJar = temp.resolve("signaltty-cli.jar");
        ToolProvider jarTool = ToolProvider.findFirst("jar").orElseThrow();
        assertThat(jarTool.run(System.out, System.err, "--create", "--file", classesJar.toString(), "-C",
                classes.toString(), ".")).isZero();
        List<Path> inputs = new ArrayList<>(List.of(classesJar));
        try (Stream<Path> lib = Files.list(Path.of("target", "lib"))) {
            lib.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(inputs::add);
        }
        assertThat(inputs).as("target/lib holds the runtime libraries").hasSizeGreaterThan(50);
        Path out = temp.resolve("signaltty-daemon.jar");

        Merge merge = merge(out, inputs.toArray(Path[]::new));

        assertThat(merge.exit).as(merge.output).isZero();
        assertThat(merge.output).as("no duplicate class or resource differs").doesNotContain("differs");
        try (JarFile merged = new JarFile(out.toFile())) {
            assertThat(merged.getManifest().getMainAttributes().getValue("Multi-Release")).isEqualTo("true");
            Map<String, String> origin = new LinkedHashMap<>();
            for (Path input : inputs) {
                try (JarFile jar = new JarFile(input.toFile())) {
                    for (JarEntry entry : Collections.list(jar.entries())) {
                        String name = entry.getName();
                        if (name.equals(JarFile.MANIFEST_NAME)) {
                            continue; // the merged jar has its own
                        }
                        if (name.endsWith("module-info.class") || name.equals("META-INF/INDEX.LIST")
                                || name.matches("META-INF/(?i:LICEN[CS]E|NOTICE|"
                                + "DEPENDENCIES|AL2\\.0|LGPL2\\.1)(\\.txt|\\.md)?")) {
                            assertThat(merged.getEntry(name)).as(name).isNull();
                            continue;
                        }
                        assertThat(merged.getEntry(name)).as(name + " of " + input.getFileName()).isNotNull();
                        if (name.matches("META-INF/services/.+|META-INF/spring/.+\\.imports")) {
                            List<String> all = text(merged, name).lines().toList();
                            text(jar, name).lines().map(l -> l.replaceFirst("#.*", "").strip()).filter(l -> !l.isEmpty())
                                    .forEach(l -> assertThat(all).as(name + " keeps " + input.getFileName()).contains(l));
                        } else if (name.equals("META-INF/spring.factories") || name.equals("META-INF/spring/aot.factories")) {
                            Properties all = properties(merged, name);
                            properties(jar, name).forEach((key, value) -> {
                                List<String> joined = Arrays.stream(all.getProperty((String) key).split(","))
                                        .map(String::strip).toList();
                                for (String one : ((String) value).split(",")) {
                                    assertThat(joined).as(name + " " + key + " keeps " + input.getFileName())
                                            .contains(one.strip());
                                }
                            });
                        } else if (name.equals("META-INF/spring-autoconfigure-metadata.properties")
                                || name.equals("META-INF/io.netty.versions.properties")) {
                            Properties all = properties(merged, name);
                            properties(jar, name).forEach((key, value) ->
                                    assertThat(all).as(name).containsEntry(key, value));
                        }
                        origin.putIfAbsent(name, input.getFileName().toString());
                    }
                }
            }
            assertThat(Collections.list(merged.entries()).stream().map(ZipEntry::getName)
                    .filter(n -> n.matches("META-INF/[^/]+\\.(SF|RSA|DSA|EC)"))).as("no signature files").isEmpty();
            assertThat(origin).as("classes came along").containsKey("org/springframework/boot/SpringApplication.class")
                    .containsKey("dev/signaltty/cli/Main.class");
        }
    }

    private record Merge(int exit, String output) {
    }

    private Merge merge(Path out, Path... inputs) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                TOOL.toString(), out.toString()));
        Arrays.stream(inputs).map(Path::toString).forEach(command::add);
        Path log = temp.resolve("merge.out");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean exited = process.waitFor(300, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor();
        }
        assertThat(exited).as("the merge finished").isTrue();
        return new Merge(process.exitValue(), Files.readString(log));
    }

    private Path jar(String name, boolean multiRelease, Map<String, String> entries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (multiRelease) {
            manifest.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
        }
        Path path = temp.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(path), manifest)) {
            List<String> dirs = new ArrayList<>();
            for (String entry : new java.util.TreeMap<>(entries).keySet()) {
                for (int slash = entry.indexOf('/'); slash > 0; slash = entry.indexOf('/', slash + 1)) {
                    String dir = entry.substring(0, slash + 1);
                    if (!dirs.contains(dir) && !dir.equals("META-INF/")) {
                        dirs.add(dir);
                        out.putNextEntry(new JarEntry(dir));
                        out.closeEntry();
                    }
                }
                out.putNextEntry(new JarEntry(entry));
                out.write(entries.get(entry).getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return path;
    }

    private static String text(JarFile jar, String name) throws IOException {
        ZipEntry entry = jar.getEntry(name);
        assertThat(entry).as(name).isNotNull();
        try (InputStream in = jar.getInputStream(entry)) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            in.transferTo(bytes);
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    private static Properties properties(JarFile jar, String name) throws IOException {
        Properties properties = new Properties();
        properties.load(new StringReader(text(jar, name)));
        return properties;
    }
}
