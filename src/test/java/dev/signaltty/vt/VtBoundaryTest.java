package dev.signaltty.vt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import dev.signaltty.vt.internal.Progress;

/**
 * The emulator's boundary, checked on the compiled classes (ADR 0280). vt is plain Java: no Spring and
 * no other project package, so the one-shot CLI and the tab view can use it without the daemon. Other
 * modules use only the facade below; every other vt type (parser, grid, handlers, encoders) is free to
 * change. The list is here rather than in a Spring Modulith {@code @NamedInterface}, because that
 * annotation would be the first Spring import in vt.
 */
class VtBoundaryTest {

    private static final String VT = "dev.signaltty.vt";

    /** The Terminal API: the facade, what its methods take and return, and the listener it calls. */
    static final Set<Class<?>> EXPORTED = Set.of(Terminal.class, TerminalListener.class, RingLimits.class,
            ReadResult.class, RenderedRead.class, RenderedLine.class, SearchResult.class, HistoryExport.class,
            ScreenCells.class, CommandOutput.class, ShellState.class, Progress.class);

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.signaltty");

    @Test
    void vtImportsNothingOfSpringOrOfOtherProjectPackages() {
        Set<String> offending = new TreeSet<>();
        for (JavaClass type : CLASSES) {
            if (!inVt(type)) {
                continue;
            }
            for (Dependency d : type.getDirectDependenciesFromSelf()) {
                String target = d.getTargetClass().getPackageName();
                boolean spring = target.startsWith("org.springframework");
                boolean project = target.startsWith("dev.signaltty") && !inVt(d.getTargetClass());
                if (spring || project) {
                    offending.add(d.getDescription());
                }
            }
        }
        assertThat(CLASSES.stream().filter(VtBoundaryTest::inVt)).as("vt's classes were imported").isNotEmpty();
        assertThat(offending).isEmpty();
    }

    @Test
    void otherModulesUseOnlyTheTerminalApi() {
        Set<String> offending = new TreeSet<>();
        for (JavaClass type : CLASSES) {
            if (inVt(type)) {
                continue;
            }
            for (Dependency d : type.getDirectDependenciesFromSelf()) {
                JavaClass target = d.getTargetClass();
                if (inVt(target) && !exported(target)) {
                    offending.add(d.getDescription());
                }
            }
        }
        assertThat(offending).isEmpty();
    }

    private static boolean inVt(JavaClass type) {
        return type.getPackageName().equals(VT) || type.getPackageName().startsWith(VT + ".");
    }

    /** An exported type or a type nested in one (Terminal's records, ReadResult's parts). */
    private static boolean exported(JavaClass type) {
        for (JavaClass t = type; t != null; t = t.getEnclosingClass().orElse(null)) {
            JavaClass outer = t;
            if (EXPORTED.stream().anyMatch(c -> c.getName().equals(outer.getName()))) {
                return true;
            }
        }
        return false;
    }
}
