package dev.signaltty;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;

class ModularityTests {

    ApplicationModules modules = ApplicationModules.of(SignalttyApplication.class);

    @Test
    void verifiesModularStructure() {
        modules.verify();
    }
}
