package dev.signaltty.pane.internal;

import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.vt.SearchResult;

/**
 * pane.search: every retained line of a pane's history and its screen that contains {@code pattern}
 * (or matches it as an RE2 regular expression: linear time whatever the pattern, so a user's regex
 * cannot stall the daemon), newest {@code limit} first-match lines with their rendered seqs. A seq
 * is a cursor: {@code pane.read mode rendered after_seq (seq - 1)} reads on from the match.
 */
@Component
class PaneSearchHandler implements MethodHandler<PaneSearchHandler.Params, PaneSearchHandler.Result> {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 5000;

    record Params(String paneId, String pattern, @Nullable Boolean regex, @Nullable Boolean ignoreCase,
                  @Nullable Integer limit) {
        Params {
            if (pattern.isEmpty()) {
                throw ProtocolException.badParams("pattern", "must not be empty");
            }
            regex = regex != null && regex;
            ignoreCase = ignoreCase != null && ignoreCase;
            if (limit != null && (limit < 1 || limit > MAX_LIMIT)) {
                throw ProtocolException.badParams("limit", "must be between 1 and " + MAX_LIMIT);
            }
            limit = limit == null ? DEFAULT_LIMIT : limit;
            if (regex) {
                compile(pattern, ignoreCase);
            }
        }
    }

    record Result(String paneId, List<SearchResult.Match> matches, int total, boolean truncated,
                  int searchedLines) {
    }

    private final PaneRegistry registry;

    PaneSearchHandler(PaneRegistry registry) {
        this.registry = registry;
    }

    @Override
    public String method() {
        return "pane.search";
    }

    @Override
    public String summary() {
        return "Searches a pane's retained history and screen for pattern (regex: RE2 syntax); matches with seqs.";
    }

    @Override
    public PaneSearchHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        SearchResult found = pane.terminal.search(finder(params), params.limit());
        return new Result(pane.id, found.matches(), found.total(), found.total() > found.matches().size(),
                found.searched());
    }

    static ToIntFunction<String> finder(Params params) {
        if (params.regex()) {
            Pattern pattern = compile(params.pattern(), params.ignoreCase());
            return line -> {
                Matcher m = pattern.matcher(line);
                return m.find() ? m.start() : -1;
            };
        }
        if (params.ignoreCase()) {
            String wanted = params.pattern().toLowerCase(Locale.ROOT);
            return line -> line.toLowerCase(Locale.ROOT).indexOf(wanted);
        }
        String wanted = params.pattern();
        return line -> line.indexOf(wanted);
    }

    private static Pattern compile(String pattern, boolean ignoreCase) {
        try {
            return Pattern.compile(pattern, ignoreCase ? Pattern.CASE_INSENSITIVE : 0);
        } catch (PatternSyntaxException e) {
            throw ProtocolException.badParams("pattern", "invalid regex: " + e.getMessage());
        }
    }
}
