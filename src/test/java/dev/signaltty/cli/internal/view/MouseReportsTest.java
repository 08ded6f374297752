package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import dev.signaltty.vt.MouseModes;

/**
 * A mouse report from the outer terminal (always SGR) written again as the pane's program asked
 * (xterm's ctlseqs, "Mouse Tracking"), with the program's cell: which events each tracking mode wants
 * and what each encoding can say. The view's end-to-end use is TabViewMouseTest.
 */
class MouseReportsTest {

    private static final InputDecoder.Mouse LEFT = new InputDecoder.Mouse(0, 0, 0, false);
    private static final InputDecoder.Mouse LEFT_UP = new InputDecoder.Mouse(0, 0, 0, true);
    private static final InputDecoder.Mouse RIGHT_UP_CTRL = new InputDecoder.Mouse(2 | 16, 0, 0, true);
    private static final InputDecoder.Mouse DRAG = new InputDecoder.Mouse(32, 0, 0, false);
    private static final InputDecoder.Mouse MOVE = new InputDecoder.Mouse(35, 0, 0, false);
    private static final InputDecoder.Mouse WHEEL_DOWN = new InputDecoder.Mouse(65, 0, 0, false);

    @Test
    void eachTrackingModeWantsItsEventsOnly() {
        assertThat(MouseReports.wanted(0, LEFT)).isFalse();
        // X10: presses only
        assertThat(MouseReports.wanted(9, LEFT)).isTrue();
        assertThat(MouseReports.wanted(9, WHEEL_DOWN)).isTrue();
        assertThat(MouseReports.wanted(9, LEFT_UP)).isFalse();
        assertThat(MouseReports.wanted(9, DRAG)).isFalse();
        // 1000: presses and releases, no motion
        assertThat(MouseReports.wanted(1000, LEFT_UP)).isTrue();
        assertThat(MouseReports.wanted(1000, DRAG)).isFalse();
        // 1002: motion with a button held; 1003: all motion
        assertThat(MouseReports.wanted(1002, DRAG)).isTrue();
        assertThat(MouseReports.wanted(1002, MOVE)).isFalse();
        assertThat(MouseReports.wanted(1003, MOVE)).isTrue();
    }

    @Test
    void writesEachEncodingWithTheProgramsCellFromOne() {
        assertThat(text(new MouseModes(1000, 1006, true), LEFT, 4, 2)).isEqualTo("\u001b[<0;5;3M");
        assertThat(text(new MouseModes(1000, 1006, true), RIGHT_UP_CTRL, 4, 2)).isEqualTo("\u001b[<18;5;3m");
        // urxvt and the default encoding cannot say which button went up: 3, the modifiers kept
        assertThat(text(new MouseModes(1000, 1015, true), RIGHT_UP_CTRL, 4, 2)).isEqualTo("\u001b[51;5;3M");
        assertThat(text(new MouseModes(1000, 0, true), RIGHT_UP_CTRL, 4, 2)).isEqualTo("\u001b[M3%#");
        assertThat(text(new MouseModes(1003, 1015, true), MOVE, 0, 0)).isEqualTo("\u001b[67;1;1M");
        assertThat(text(new MouseModes(1000, 0, true), WHEEL_DOWN, 0, 0)).isEqualTo("\u001b[Ma!!");
        // X10 mode drops the modifiers
        assertThat(text(new MouseModes(9, 0, true), new InputDecoder.Mouse(1 | 8, 0, 0, false), 0, 0)).isEqualTo("\u001b[M!!!");
    }

    @Test
    void aCellTheEncodingCannotNameIsNotSent() {
        assertThat(MouseReports.encode(new MouseModes(1000, 0, true), LEFT, 222, 0)).containsExactly(0x1b, '[', 'M', 32, 255, 33);
        assertThat(MouseReports.encode(new MouseModes(1000, 0, true), LEFT, 223, 0)).isNull();
        // UTF-8 (1005) goes on to 2014, each coordinate a character
        assertThat(text(new MouseModes(1000, 1005, true), LEFT, 300, 0)).isEqualTo("\u001b[M " + (char) 333 + "!");
        assertThat(MouseReports.encode(new MouseModes(1000, 1005, true), LEFT, 2015, 0)).isNull();
        assertThat(text(new MouseModes(1000, 1006, true), LEFT, 2015, 0)).isEqualTo("\u001b[<0;2016;1M");
        // a wheel turn has no release
        assertThat(MouseReports.encode(new MouseModes(1000, 1006, true), new InputDecoder.Mouse(64, 0, 0, true), 0, 0)).isNull();
    }

    @Test
    void aWheelNotchIsThreeArrowsInTheProgramsCursorKeyMode() {
        assertThat(new String(MouseReports.arrows(true, false), StandardCharsets.US_ASCII)).isEqualTo("\u001b[A".repeat(3));
        assertThat(new String(MouseReports.arrows(false, true), StandardCharsets.US_ASCII)).isEqualTo("\u001bOB".repeat(3));
    }

    private static String text(MouseModes modes, InputDecoder.Mouse m, int x, int y) {
        byte[] bytes = MouseReports.encode(modes, m, x, y);
        assertThat(bytes).isNotNull();
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
