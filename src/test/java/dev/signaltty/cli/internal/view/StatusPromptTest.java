package dev.signaltty.cli.internal.view;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The status line's text prompt edits as tmux's and readline's do: C-u, C-w, a whole character per Backspace. */
class StatusPromptTest {

    private static InputDecoder.Key key(String text) {
        return new InputDecoder.Key(text.getBytes(StandardCharsets.UTF_8), text);
    }

    private static void type(StatusPrompt prompt, String text) {
        text.codePoints().forEach(cp -> prompt.key(key(new String(Character.toChars(cp)))));
    }

    @Test
    void ctrlUEmptiesTheLineAndCtrlWDropsTheWordBeforeTheCursor() {
        StatusPrompt prompt = new StatusPrompt();
        AtomicReference<String> ran = new AtomicReference<>();
        prompt.ask(":", "", ran::set, null);
        type(prompt, "tab rename  ");
        prompt.key(key("\u0017"));
        assertThat(prompt.shown()).isEqualTo(":tab ");
        type(prompt, "zzz");
        prompt.key(key("\u0015"));
        assertThat(prompt.shown()).isEqualTo(":");
        type(prompt, "ping");
        Runnable then = prompt.key(new InputDecoder.Key(new byte[] {'\r'}, "Enter"));
        then.run();
        assertThat(ran.get()).isEqualTo("ping");
    }

    @Test
    void backspaceTakesAWholeCharacterNotHalfAnEmoji() {
        StatusPrompt prompt = new StatusPrompt();
        prompt.ask("rename tab: ", "build\uD83D\uDE80", t -> { }, null);
        prompt.key(new InputDecoder.Key(new byte[] {0x7f}, "Backspace"));
        assertThat(prompt.shown()).isEqualTo("rename tab: build");
    }

    @Test
    void aTabThatCannotDecideShowsTheWordsItCouldBecomeUntilTheNextKey() {
        StatusPrompt prompt = new StatusPrompt();
        prompt.ask(":", "", t -> { }, text -> text.equals("re")
                ? new StatusPrompt.Completion("re", List.of("relaunch", "rename", "report"))
                : new StatusPrompt.Completion(text, List.of()));
        type(prompt, "re");
        prompt.key(key("\t"));
        assertThat(prompt.shown()).isEqualTo(":re  [relaunch rename report]");
        type(prompt, "n");
        assertThat(prompt.shown()).isEqualTo(":ren");
    }
}
