package dev.signaltty.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTest {

    @Nested
    class Parsing {

        @Test
        void readsAResponseEnvelopeIntoMapsListsAndScalars() {
            Map<String, Object> m = Json.parseObject(
                    "{\"type\":\"response\",\"id\":17,\"ok\":true,\"result\":{\"panes\":[{\"pane_id\":\"pane_1\",\"cols\":80}],\"x\":null}}");
            assertThat(m.get("id")).isEqualTo(17L);
            assertThat(m.get("ok")).isEqualTo(true);
            @SuppressWarnings("unchecked")
            Map<String, Object> result = (Map<String, Object>) m.get("result");
            assertThat(result).containsKey("x");
            assertThat(result.get("x")).isNull();
            assertThat(result.get("panes")).isEqualTo(List.of(Map.of("pane_id", "pane_1", "cols", 80L)));
        }

        @Test
        void keepsKeyOrder() {
            assertThat(Json.parseObject("{\"b\":1,\"a\":2,\"c\":3}").keySet()).containsExactly("b", "a", "c");
        }

        @Test
        void decodesEveryEscapeIncludingSurrogatePairs() {
            assertThat(Json.parse("\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9 \\ud83d\\ude00\""))
                    .isEqualTo("q\" b\\ s/ \b\f\n\r\t é 😀");
        }

        @Test
        void readsRawUtf8AndWhitespaceAroundTokens() {
            assertThat(Json.parse(" [ \"日本語\" ,\n\t1 ] ")).isEqualTo(List.of("日本語", 1L));
        }

        @Test
        void readsIntegersAsLongAndEverythingElseAsBigDecimal() {
            assertThat(Json.parse("-0")).isEqualTo(0L);
            assertThat(Json.parse("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
            assertThat(Json.parse("999999999999999999")).isEqualTo(999_999_999_999_999_999L);
            assertThat(Json.parse("-99999999999999999")).isEqualTo(-99_999_999_999_999_999L);
            assertThat(Json.parse("-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
            assertThat(Json.parse("9223372036854775808")).isEqualTo(new BigDecimal("9223372036854775808"));
            assertThat(Json.parse("1.5e3")).isEqualTo(new BigDecimal("1.5e3"));
            assertThat(Json.parse("0.25")).isEqualTo(new BigDecimal("0.25"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "nul", "\"abc", "\"\\x\"",
                "\"\\u12g4\"", "{a:1}", "[1 2]", "1 2", "\"tab\there\"", "{\"a\" 1}", "[", "{\"a\":}"})
        void rejectsMalformedText(String text) {
            assertThatThrownBy(() -> Json.parse(text)).isInstanceOf(Json.ParseException.class)
                    .hasMessageContaining("offset");
        }

        @Test
        void boundsNestingDepthInsteadOfOverflowingTheStack() {
            String deep = "[".repeat(Json.MAX_DEPTH + 5) + "]".repeat(Json.MAX_DEPTH + 5);
            assertThatThrownBy(() -> Json.parse(deep)).isInstanceOf(Json.ParseException.class)
                    .hasMessageContaining("nesting");
            String ok = "[".repeat(100) + "]".repeat(100);
            assertThat(Json.parse(ok)).isInstanceOf(List.class);
        }

        @Test
        void parseObjectRefusesOtherValues() {
            assertThatThrownBy(() -> Json.parseObject("[1]")).isInstanceOf(Json.ParseException.class);
        }
    }

    @Nested
    class Writing {

        @Test
        void writesOneLineWithNewlinesAndControlsEscaped() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("data", "echo hi\r\n\u0001\u2028");
            m.put("n", null);
            m.put("list", List.of(1L, true, 2.5));
            assertThat(Json.write(m))
                    .isEqualTo("{\"data\":\"echo hi\\r\\n\\u0001\\u2028\",\"n\":null,\"list\":[1,true,2.5]}")
                    .doesNotContain("\n");
        }

        @Test
        void roundTripsWhatItParses() {
            String text = "{\"a\":[1,-2,3.25,\"x\\\"y\",{\"b\":null,\"c\":false}],\"d\":{},\"e\":[],\"é\":\"😀\"}";
            assertThat(Json.write(Json.parse(text))).isEqualTo(text);
            assertThat(Json.parse(Json.pretty(Json.parse(text)))).isEqualTo(Json.parse(text));
        }

        @Test
        void prettyIndentsByTwoSpaces() {
            assertThat(Json.pretty(Map.of("a", List.of(1L)))).isEqualTo("{\n  \"a\": [\n    1\n  ]\n}");
        }

        @Test
        void refusesNumbersJsonCannotHold() {
            assertThatThrownBy(() -> Json.write(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
