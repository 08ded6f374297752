package dev.signaltty.vt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * vt is a JPMS module (ADR 0345, after ADR 0280): the build compiles it alone into
 * {@code target/vt-classes} and the application against it on the module path, so the compiler
 * refuses the application any class of {@code dev.signaltty.vt.internal}, and refuses vt any import of
 * Spring or of the application (the module reads only java.base). This test checks what the module
 * system does not: that the module declares exactly that, that the one exported package holds only the
 * Terminal API, that the API's signatures do not name internal types, and that javac, given the
 * module as the build gives it, does reject a use of an internal class.
 */
class VtBoundaryTest {

    /** The Terminal API: the facade, what its methods take and return, and the listener it calls. */
    static final Set<Class<?>> EXPORTED = Set.of(Terminal.class, TerminalListener.class, RingLimits.class,
            ReadResult.class, RenderedRead.class, RenderedLine.class, SearchResult.class, HistoryExport.class,
            ScreenCells.class, CommandOutput.class, ShellState.class, MouseModes.class, TerminalColors.class);

    private static final String MODULE = "dev.signaltty.vt";

    @TempDir
    Path work;

    @Test
    void theModuleExportsOnlyTheApiPackageAndReadsOnlyTheJdk() {
        ModuleDescriptor module = descriptor();
        assertThat(module.exports()).singleElement().satisfies(e -> {
            assertThat(e.source()).isEqualTo(MODULE);
            assertThat(e.isQualified()).as("exported to every module").isFalse();
        });
        assertThat(module.packages()).containsExactlyInAnyOrder(MODULE, MODULE + ".internal");
        assertThat(module.opens()).isEmpty();
        // jspecify's annotations are needed to compile only; java.base is implied
        assertThat(module.requires().stream()
                .map(r -> r.name() + (r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC) ? " static" : "")))
                .containsExactlyInAnyOrder("java.base", "org.jspecify static");
    }

    @Test
    void theExportedPackageHoldsOnlyTheTerminalApi() throws IOException {
        Path api = vtClasses().resolve(MODULE.replace('.', '/'));
        Set<String> topLevel;
        try (Stream<Path> files = Files.list(api)) {
            topLevel = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".class") && !n.contains("$") && !n.equals("package-info.class"))
                    .map(n -> MODULE + "." + n.substring(0, n.length() - ".class".length()))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(topLevel).isEqualTo(EXPORTED.stream().map(Class::getName).collect(Collectors.toCollection(TreeSet::new)));
    }

    @Test
    void theApiNamesNoInternalTypeInItsPublicSignatures() {
        List<String> offending = new ArrayList<>();
        for (Class<?> type : EXPORTED) {
            for (Class<?> c : withNested(type)) {
                if (!Modifier.isPublic(c.getModifiers())) {
                    continue;
                }
                for (Field f : c.getFields()) {
                    check(offending, c.getName() + "." + f.getName(), f.getType());
                }
                List<Executable> members = new ArrayList<>(List.of(c.getMethods()));
                members.addAll(List.of(c.getConstructors()));
                for (Executable m : members) {
                    if (m.getDeclaringClass() != c) {
                        continue;
                    }
                    for (Class<?> p : m.getParameterTypes()) {
                        check(offending, c.getName() + "." + m.getName(), p);
                    }
                    if (m instanceof java.lang.reflect.Method method) {
                        check(offending, c.getName() + "." + m.getName(), method.getReturnType());
                    }
                }
            }
        }
        assertThat(offending).isEmpty();
    }

    @Test
    void javacRejectsAUseOfAnInternalClassAndAcceptsTheApi() throws IOException {
        // the same options the pom's default-compile gives the application
        List<Diagnostic<? extends JavaFileObject>> internal = compile("UsesParser", """
                class UsesParser {
                    Object parser = dev.signaltty.vt.internal.VtParser.class;
                }
                """);
        assertThat(internal).as("a use of vt.internal compiles").isNotEmpty();
        assertThat(internal).allSatisfy(d -> {
            assertThat(d.getKind()).isEqualTo(Diagnostic.Kind.ERROR);
            assertThat(d.getCode()).isEqualTo("compiler.err.package.not.visible");
            assertThat(d.getMessage(Locale.ROOT)).contains("dev.signaltty.vt.internal", "does not export it");
        });

        List<Diagnostic<? extends JavaFileObject>> api = compile("UsesTerminal", """
                class UsesTerminal {
                    String screen = new dev.signaltty.vt.Terminal(80, 24, new dev.signaltty.vt.TerminalListener() {},
                            new dev.signaltty.vt.RingLimits(100, 1 << 20), 0).screen(false);
                }
                """);
        assertThat(api).as("the Terminal API compiles").isEmpty();
    }

    private List<Diagnostic<? extends JavaFileObject>> compile(String name, String source) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac).as("the tests run on a JDK with javac").isNotNull();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options = List.of("-d", work.toString(), "-classpath", "",
                    "--module-path", vtClasses().toString(), "--add-modules", MODULE);
            javac.getTask(null, files, diagnostics, options, null, List.of(file)).call();
        }
        return diagnostics.getDiagnostics();
    }

    private static void check(List<String> offending, String member, Class<?> type) {
        Class<?> t = type;
        while (t.isArray()) {
            t = t.getComponentType();
        }
        if (t.getPackageName().startsWith(MODULE + ".")) {
            offending.add(member + " names " + t.getName());
        }
    }

    private static List<Class<?>> withNested(Class<?> type) {
        List<Class<?>> all = new ArrayList<>(List.of(type));
        for (Class<?> nested : type.getDeclaredClasses()) {
            all.addAll(withNested(nested));
        }
        return all;
    }

    private static ModuleDescriptor descriptor() {
        return ModuleFinder.of(vtClasses()).find(MODULE).orElseThrow().descriptor();
    }

    /** Where the build put the module: beside target/classes, from which the tests load vt's classes. */
    private static Path vtClasses() {
        try {
            Path classes = Path.of(Terminal.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path module = classes.resolveSibling("vt-classes");
            assertThat(module.resolve("module-info.class")).as("the build's vt module").exists();
            return module;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
