package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.internal.Output;

/**
 * Runs every {@code sh} block of SKILL.md, in order, as one bash script from "inside" a pane (its
 * SIGNALTTY_PANE and SIGNALTTY_WORKSPACE set, {@code signaltty} on PATH) against a real daemon, so the
 * recipes an agent learns are the ones that work (issue 19 item 5; issue 18's wrong wait recipe and
 * the label that was used as a name).
 */
class SkillRecipesTest {

    static final Pattern SH_BLOCK = Pattern.compile("(?ms)^```sh\\n(.*?)^```");

    static List<String> shBlocks(String markdown) {
        List<String> blocks = new ArrayList<>();
        Matcher m = SH_BLOCK.matcher(markdown);
        while (m.find()) {
            blocks.add(m.group(1));
        }
        return blocks;
    }

    @Test
    void everyShellRecipeInSkillMdRunsAgainstARealDaemon(@TempDir Path temp) throws Exception {
        List<String> blocks = shBlocks(Files.readString(Path.of("SKILL.md")));
        assertThat(blocks).hasSizeGreaterThanOrEqualTo(5);
        try (CliHarness cli = new CliHarness(temp)) {
            CliHarness.Run created = cli.run("--json", "new", "skill", "--", "bash");
            assertThat(created.status()).as(created.toString()).isZero();
            Map<String, Object> both = CliHarness.json(created);
            String me = Output.findId(both.get("pane"), "pane_id", "pane_");
            String workspace = Output.findId(both.get("workspace"), "workspace_id", "ws_");

            Path bin = Files.createDirectories(temp.resolve("bin"));
            Path wrapper = bin.resolve("signaltty");
            String java = CliHarness.javaCommand().stream().map(SkillRecipesTest::quote).collect(Collectors.joining(" "));
            Files.writeString(wrapper, "#!/bin/sh\nexec " + java + " \"$@\"\n");
            Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwx------"));

            StringBuilder script = new StringBuilder("set -euo pipefail\n");
            for (int i = 0; i < blocks.size(); i++) {
                script.append("echo '### recipe ").append(i + 1).append("'\n").append(blocks.get(i));
            }
            Path file = temp.resolve("recipes.sh");
            Files.writeString(file, script);
            Path out = temp.resolve("recipes.out");
            ProcessBuilder builder = cli.builder(List.of("bash", file.toString()), Map.of(
                    "PATH", bin + ":" + System.getenv("PATH"), "SIGNALTTY_PANE", me, "SIGNALTTY_WORKSPACE", workspace));
            Process p = builder.redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(600, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("recipes did not finish in 600 s:\n" + Files.readString(out));
            }
            String output = Files.readString(out);
            assertThat(p.exitValue()).as(output).isZero();
            assertThat(output).as(output)
                    .contains("### recipe " + blocks.size())
                    .containsPattern("(?m)^BUILD OK$")
                    .contains("exit status 2")
                    .contains("{\"output\":\"1\\n2\\n3\",\"exit_status\":0")
                    .contains("recorded");
            assertThat(cli.cwd().resolve("tests.cast")).isNotEmptyFile();
            assertThat(Files.readString(cli.cwd().resolve("tests.txt"))).contains("BUILD OK");
        }
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
