import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import javax.tools.ToolProvider;

import org.springframework.boot.SpringApplicationAotProcessor;

/**
 * The build's Spring AOT step (ADRs 0356, 0425), run by the pom (exec-maven-plugin, phase process-classes)
 * as a single-file program on the toolchain's JDK with the runtime class path: Spring's processor
 * writes the daemon context's bean definitions as sources, and this program compiles them with the
 * same JDK into target/classes, next to the proxy classes and resources the processor made.
 *
 * <p>Not spring-boot-maven-plugin's {@code process-aot}: that compiles with the JDK Maven itself runs
 * on (often older than 21 here) instead of the toolchain's. Skipped when the application's classes,
 * resources and the pom are byte for byte those of the last run, so a build with no change does not pay
 * the processor.
 *
 * <p>Arguments: target/classes, the output dir (target/spring-aot/main), the pom.
 */
class SpringAotBuild {

    public static void main(String[] args) throws Exception {
        Path classes = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Path pom = Path.of(args[2]);
        Path stamp = out.resolve("inputs.sha256");
        String inputs = inputDigest(classes, pom);
        Path initializer = classes.resolve("dev/signaltty/SignalttyApplication__ApplicationContextInitializer.class");
        if (Files.exists(stamp) && Files.readString(stamp).equals(inputs) && Files.exists(initializer)) {
            // bin/signaltty trusts an initializer not older than the (just recompiled) application class
            Files.setLastModifiedTime(initializer, FileTime.fromMillis(System.currentTimeMillis()));
            System.out.println("spring-aot: up to date");
            return;
        }
        deleteTree(out);
        Path sources = out.resolve("sources");
        Path resources = out.resolve("resources");
        Path generated = out.resolve("classes");
        // the processor sets spring.aot.processing, which the daemon's main reads (ADR 0356)
        SpringApplicationAotProcessor.main(new String[] {"dev.signaltty.SignalttyApplication", sources.toString(),
                resources.toString(), generated.toString(), "dev.signaltty", "signaltty"});
        compile(sources, classes);
        copyTree(generated, classes);
        copyTree(resources, classes);
        Files.createDirectories(out);
        Files.writeString(stamp, inputs);
        System.out.println("spring-aot: generated and compiled into " + classes);
        System.exit(0); // the processor may leave non-daemon threads of the abandoned context behind
    }

    /**
     * A digest of what the processor reads from target/classes (the application's classes and
     * resources; not what it generated, nor the dashboard's vendored files) and of the pom (the
     * dependencies). By content, not time: every build recompiles the module and copies vt in anew.
     */
    private static String inputDigest(Path classes, Path pom) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        digest.update(Files.readAllBytes(pom));
        Path vendor = classes.resolve("web/vendor");
        Path nativeImage = classes.resolve("META-INF/native-image");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(Files::isRegularFile).filter(f -> !f.startsWith(vendor) && !f.startsWith(nativeImage))
                    .filter(f -> !f.getFileName().toString().contains("__")
                            && !f.getFileName().toString().contains("$$SpringCGLIB$$"))
                    .sorted().toList();
        }
        for (Path f : files) {
            digest.update(classes.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
            digest.update(Files.readAllBytes(f));
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void compile(Path sources, Path classes) throws IOException {
        List<String> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).map(Path::toString).toList();
        }
        List<String> javacArgs = new ArrayList<>(List.of("--release", "21", "-parameters", "-nowarn", "-proc:none",
                "-cp", System.getProperty("java.class.path"), "-d", classes.toString()));
        javacArgs.addAll(files);
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, javacArgs.toArray(String[]::new));
        if (status != 0) {
            throw new IllegalStateException("spring-aot: javac failed on the generated sources (status " + status + ")");
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
