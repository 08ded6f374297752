package dev.signaltty.agent.internal.screen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import dev.signaltty.transport.SignalttyPaths;

/** The built-in manifests are read by name (ADR 0624): every {@code agents/*.json} of the jar is named. */
class BuiltinManifestsTest {

    @Test
    void everyBuiltInManifestFileIsNamedAndRead(@TempDir Path root) throws IOException {
        List<String> files = Arrays.stream(new PathMatchingResourcePatternResolver().getResources("classpath:agents/*.json"))
                .map(Resource::getFilename).map(name -> name.substring(0, name.length() - ".json".length())).sorted()
                .toList();
        assertThat(ManifestCatalog.BUILTINS).containsExactlyElementsOf(files);

        SignalttyPaths paths = SignalttyPaths.resolve(key -> switch (key) {
            case "XDG_RUNTIME_DIR" -> root.resolve("run").toString();
            case "XDG_STATE_HOME" -> root.resolve("state").toString();
            case "XDG_CONFIG_HOME" -> root.resolve("config").toString();
            default -> null;
        });
        ManifestCatalog catalog = new ManifestCatalog(paths);
        assertThat(catalog.manifests().values()).extracting(AgentManifest::file)
                .containsExactlyInAnyOrderElementsOf(files.stream().map(name -> "builtin:agents/" + name + ".json").toList());
    }
}
