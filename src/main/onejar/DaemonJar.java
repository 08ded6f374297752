import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The daemon's class path as one jar (ADRs 0712, 0740): bin/signaltty runs it after each build as a single-file
 * program, with the classes jar first and the jars of target/lib after it, in class path order. Fewer jars on
 * the class path mean fewer lookups: Boot's, logback's, junixsocket's and ServiceLoader's probes miss once
 * instead of once per jar, and commons-logging's first getResources opens one jar, not 78.
 *
 * <p>The rules, for an entry more than one input carries:
 * <ul>
 * <li>a class: the first wins, as on the class path; every duplicate is counted and one whose bytes differ is
 *     reported;</li>
 * <li>{@code META-INF/services/*}, {@code META-INF/spring/*.imports}: lines concatenated, each line once;</li>
 * <li>{@code META-INF/spring.factories}, {@code META-INF/spring/aot.factories}: merged as properties, the values
 *     of a key every jar names joined with commas (Spring reads each file as properties: concatenated, the
 *     last file's value of a shared key would hide the others);</li>
 * <li>{@code META-INF/spring-autoconfigure-metadata.properties}, {@code spring.handlers}, {@code spring.schemas},
 *     {@code spring.tooling}: merged as properties, the first value of a key wins (a key names one class or
 *     namespace, so two jars never disagree; one that does is reported);</li>
 * <li>{@code META-INF/io.netty.versions.properties}: concatenated (each netty jar names its own keys);</li>
 * <li>licence and notice files of {@code META-INF}: kept per jar, under {@code META-INF/licenses/<jar>/};</li>
 * <li>{@code META-INF/spring-configuration-metadata.json}, {@code additional-spring-configuration-metadata.json}:
 *     the first wins (IDE metadata, read by nothing at run time);</li>
 * <li>any other resource: the first wins, as on the class path, and one whose bytes differ is reported.</li>
 * </ul>
 * Dropped: every input's manifest (one is written: {@code Multi-Release: true} when any input was),
 * {@code META-INF/INDEX.LIST} (it would index the first jar alone), signature files ({@code *.SF}, {@code *.RSA},
 * {@code *.DSA}, {@code *.EC}, {@code SIG-*}: the merged jar is not what was signed), {@code module-info.class}
 * at the root and under {@code META-INF/versions/N/} (the daemon runs on the class path), and the versioned
 * entries of an input that was not a multi-release jar (unused there, they would be used here).
 *
 * <p>Entries are stored, not compressed: the jar is a build product read locally, so the merge inflates each
 * input once and deflates nothing (2.2 s against 3.8 s at deflate level 1, for 95 MiB instead of 41), and the
 * daemon inflates nothing for the classes its AOT cache does not hold.
 *
 * <p>Arguments: the output jar, then the input jars. {@code --report} first prints the counts. Writes the output
 * under a temporary name and moves it into place, so an interrupted merge never leaves a half-written jar.
 */
class DaemonJar {

    private static final Pattern LINES = Pattern.compile("META-INF/services/[^/]+|META-INF/spring/[^/]+\\.imports");
    private static final Set<String> JOINED_PROPERTIES = Set.of("META-INF/spring.factories", "META-INF/spring/aot.factories");
    private static final Set<String> UNION_PROPERTIES = Set.of("META-INF/spring-autoconfigure-metadata.properties",
            "META-INF/spring.handlers", "META-INF/spring.schemas", "META-INF/spring.tooling");
    private static final Set<String> CONCATENATED = Set.of("META-INF/io.netty.versions.properties");
    private static final Set<String> FIRST_WINS = Set.of("META-INF/spring-configuration-metadata.json",
            "META-INF/additional-spring-configuration-metadata.json");
    private static final Pattern LICENCE = Pattern.compile(
            "META-INF/(?i:(LICEN[CS]E|NOTICE|DEPENDENCIES|AL2\\.0|LGPL2\\.1)(\\.txt|\\.md)?)");
    private static final Pattern DROPPED = Pattern.compile("META-INF/MANIFEST\\.MF|META-INF/INDEX\\.LIST"
            + "|META-INF/[^/]+\\.(?i:SF|RSA|DSA|EC)|META-INF/SIG-[^/]+|(META-INF/versions/\\d+/)?module-info\\.class");
    private static final LocalDateTime ENTRY_TIME = LocalDateTime.of(2000, 1, 1, 0, 0);
    private static final Pattern VERSIONED = Pattern.compile("META-INF/versions/\\d+/.*");

    private final Map<String, Merged> merged = new LinkedHashMap<>();
    private final Map<String, Long> firstCrc = new HashMap<>();
    private final Set<String> written = new LinkedHashSet<>();
    private final List<String> warnings = new ArrayList<>();
    private int duplicateClasses;
    private int duplicateResources;
    private boolean multiRelease;

    public static void main(String[] args) throws IOException {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        boolean report = !rest.isEmpty() && rest.get(0).equals("--report");
        if (report) {
            rest.remove(0);
        }
        if (rest.size() < 2) {
            System.err.println("usage: DaemonJar [--report] OUT.jar IN.jar...");
            System.exit(2);
        }
        Path out = Path.of(rest.get(0));
        List<Path> inputs = rest.subList(1, rest.size()).stream().map(Path::of).toList();
        DaemonJar jar = new DaemonJar();
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        jar.write(inputs, tmp);
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        jar.warnings.forEach(w -> System.err.println("signaltty: daemon jar: " + w));
        if (report) {
            System.out.printf("%d jars, %d entries, %d duplicate classes (first wins), %d other duplicate resources,"
                    + " %d differing%n", inputs.size(), jar.written.size(), jar.duplicateClasses,
                    jar.duplicateResources, jar.warnings.size());
        }
    }

    private void write(List<Path> inputs, Path tmp) throws IOException {
        try (OutputStream file = Files.newOutputStream(tmp);
             ZipOutputStream zip = new ZipOutputStream(new java.io.BufferedOutputStream(file, 1 << 16))) {
            // the manifest first, as jar tools write it; its Multi-Release is known once every input is read
            List<Input> opened = new ArrayList<>();
            try {
                for (Path input : inputs) {
                    opened.add(new Input(input, new JarFile(input.toFile(), false, ZipFile.OPEN_READ, JarFile.baseVersion())));
                }
                for (Input input : opened) {
                    Manifest manifest = input.jar.getManifest();
                    input.multiRelease = manifest != null
                            && "true".equalsIgnoreCase(manifest.getMainAttributes().getValue("Multi-Release"));
                    multiRelease |= input.multiRelease;
                }
                put(zip, "META-INF/", null);
                put(zip, JarFile.MANIFEST_NAME, manifest());
                for (Input input : opened) {
                    copy(input, zip);
                }
                for (Map.Entry<String, Merged> e : merged.entrySet()) {
                    put(zip, e.getKey(), e.getValue().bytes());
                }
            } finally {
                for (Input input : opened) {
                    input.jar.close();
                }
            }
        }
    }

    private byte[] manifest() throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Created-By", "signaltty src/main/onejar/DaemonJar.java");
        if (multiRelease) {
            main.put(Attributes.Name.MULTI_RELEASE, "true");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        manifest.write(bytes);
        return bytes.toByteArray();
    }

    private void copy(Input input, ZipOutputStream zip) throws IOException {
        String jarName = input.path.getFileName().toString().replaceFirst("\\.jar$", "");
        for (ZipEntry entry : Collections.list(input.jar.entries())) {
            String name = entry.getName();
            if (DROPPED.matcher(name).matches() || (!input.multiRelease && VERSIONED.matcher(name).matches())) {
                continue;
            }
            if (entry.isDirectory()) {
                if (!written.contains(name)) {
                    put(zip, name, null);
                }
                continue;
            }
            if (LICENCE.matcher(name).matches()) {
                String dir = "META-INF/licenses/" + jarName + "/";
                for (String parent : List.of("META-INF/licenses/", dir)) {
                    if (!written.contains(parent)) {
                        put(zip, parent, null);
                    }
                }
                put(zip, dir + name.substring("META-INF/".length()), read(input.jar, entry));
                continue;
            }
            Merged rule = rule(name);
            if (rule != null) {
                merged.computeIfAbsent(name, n -> rule).add(read(input.jar, entry), input.path, warnings);
                continue;
            }
            Long crc = firstCrc.get(name);
            if (crc != null) {
                if (name.endsWith(".class")) {
                    duplicateClasses++;
                } else {
                    duplicateResources++;
                }
                if (crc != entry.getCrc() && !FIRST_WINS.contains(name)) {
                    warnings.add(name + " differs in " + input.path.getFileName() + "; the first is kept");
                }
                continue;
            }
            firstCrc.put(name, entry.getCrc());
            put(zip, name, read(input.jar, entry));
        }
    }

    private static Merged rule(String name) {
        if (LINES.matcher(name).matches()) {
            return new Lines();
        }
        if (JOINED_PROPERTIES.contains(name)) {
            return new PropertiesMerge(true);
        }
        if (UNION_PROPERTIES.contains(name)) {
            return new PropertiesMerge(false);
        }
        if (CONCATENATED.contains(name)) {
            return new Concatenated();
        }
        return null;
    }

    private static byte[] read(JarFile jar, ZipEntry entry) throws IOException {
        try (InputStream in = jar.getInputStream(entry)) {
            return in.readAllBytes();
        }
    }

    /** Stored, not deflated; a directory entry when {@code bytes} is null. */
    private void put(ZipOutputStream zip, String name, byte[] bytes) throws IOException {
        byte[] content = bytes == null ? new byte[0] : bytes;
        ZipEntry entry = new ZipEntry(name);
        entry.setTimeLocal(ENTRY_TIME); // the same inputs make the same bytes
        entry.setMethod(ZipEntry.STORED);
        entry.setSize(content.length);
        CRC32 crc = new CRC32();
        crc.update(content);
        entry.setCrc(crc.getValue());
        zip.putNextEntry(entry);
        zip.write(content);
        zip.closeEntry();
        written.add(name);
    }

    private static final class Input {
        final Path path;
        final JarFile jar;
        boolean multiRelease;

        Input(Path path, JarFile jar) {
            this.path = path;
            this.jar = jar;
        }
    }

    /** A resource built from every input's copy. */
    private interface Merged {
        void add(byte[] bytes, Path from, List<String> warnings);

        byte[] bytes();
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Line lists (service files, .imports): every line once, in class path order; comments and blanks dropped. */
    private static final class Lines implements Merged {
        private final Set<String> lines = new LinkedHashSet<>();

        @Override
        public void add(byte[] bytes, Path from, List<String> warnings) {
            for (String line : text(bytes).split("\\R")) {
                String content = line.replaceFirst("#.*", "").strip();
                if (!content.isEmpty()) {
                    lines.add(content);
                }
            }
        }

        @Override
        public byte[] bytes() {
            return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        }
    }

    private static final class Concatenated implements Merged {
        private final ByteArrayOutputStream all = new ByteArrayOutputStream();

        @Override
        public void add(byte[] bytes, Path from, List<String> warnings) {
            all.writeBytes(bytes);
            if (bytes.length > 0 && bytes[bytes.length - 1] != '\n') {
                all.write('\n');
            }
        }

        @Override
        public byte[] bytes() {
            return all.toByteArray();
        }
    }

    /** Properties files: keys in the order first seen; a shared key's values comma-joined, or the first kept. */
    private static final class PropertiesMerge implements Merged {
        private final boolean join;
        private final Map<String, String> values = new LinkedHashMap<>();

        PropertiesMerge(boolean join) {
            this.join = join;
        }

        @Override
        public void add(byte[] bytes, Path from, List<String> warnings) {
            loadInOrder(text(bytes), (key, value) -> {
                String before = values.get(key);
                if (before == null) {
                    values.put(key, value);
                } else if (join) {
                    values.put(key, before + "," + value);
                } else if (!before.equals(value)) {
                    warnings.add(key + " differs in " + from.getFileName() + "; the first is kept");
                }
            });
        }

        @Override
        public byte[] bytes() {
            StringBuilder out = new StringBuilder();
            values.forEach((key, value) -> out.append(escape(key, true)).append('=').append(escape(value, false)).append('\n'));
            return out.toString().getBytes(StandardCharsets.ISO_8859_1);
        }

        private static void loadInOrder(String text, BiConsumer<String, String> each) {
            Properties properties = new Properties() {
                @Override
                public synchronized Object put(Object key, Object value) {
                    each.accept((String) key, (String) value);
                    return null;
                }
            };
            try {
                properties.load(new StringReader(text));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** As Properties.store escapes, without its date comment (the same inputs make the same bytes). */
        private static String escape(String s, boolean key) {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '\\' -> out.append("\\\\");
                    case '\t' -> out.append("\\t");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\f' -> out.append("\\f");
                    case ' ' -> out.append(key || i == 0 ? "\\ " : " ");
                    case '=', ':', '#', '!' -> out.append('\\').append(c);
                    default -> {
                        if (c < 0x20 || c > 0x7e) {
                            out.append(String.format("\\u%04X", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            return out.toString();
        }
    }
}
