package dev.signaltty.transport.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.NoParams;

/**
 * server.config: every {@code signaltty.*} setting of the running daemon with its effective value and
 * where that value came from (the first of Spring's property sources that holds it: arguments, system
 * properties, environment variables, {@code config.yml}, the defaults in the jar). Backs
 * {@code signaltty config}.
 */
@Component
class ServerConfigHandler implements MethodHandler<NoParams, ServerConfigHandler.Result> {

    static final String PREFIX = "signaltty.";

    /** @param source e.g. {@code environment variable SIGNALTTY_METRICS_ENABLED}, {@code file …/config.yml} */
    record Setting(String key, @Nullable String value, String source) {
    }

    record Result(List<Setting> settings) {
    }

    private final ConfigurableEnvironment environment;

    ServerConfigHandler(ConfigurableEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public String method() {
        return "server.config";
    }

    @Override
    public String summary() {
        return "The daemon's signaltty.* settings: effective value and where each came from.";
    }

    @Override
    public Result handle(NoParams params, CallContext context) {
        TreeSet<String> keys = new TreeSet<>();
        List<String> fromEnvironment = new ArrayList<>();
        for (PropertySource<?> source : environment.getPropertySources()) {
            if (!(source instanceof EnumerablePropertySource<?> names) || isAttached(source)) {
                continue;
            }
            for (String name : names.getPropertyNames()) {
                if (source instanceof SystemEnvironmentPropertySource) {
                    fromEnvironment.add(name.toLowerCase(Locale.ROOT).replace('_', '.'));
                } else if (name.startsWith(PREFIX)) {
                    keys.add(name);
                }
            }
        }
        // SIGNALTTY_METRICS_ENABLED → signaltty.metrics.enabled, unless a file or default names the key already
        for (String dotted : fromEnvironment) {
            if (dotted.startsWith(PREFIX) && keys.stream().noneMatch(k -> relaxed(k).equals(dotted))) {
                keys.add(dotted);
            }
        }
        List<Setting> settings = new ArrayList<>();
        for (String key : keys) {
            settings.add(new Setting(key, environment.getProperty(key), origin(key)));
        }
        return new Result(settings);
    }

    private String origin(String key) {
        for (PropertySource<?> source : environment.getPropertySources()) {
            if (isAttached(source) || !source.containsProperty(key)) {
                continue;
            }
            if (source instanceof SystemEnvironmentPropertySource) {
                return "environment variable " + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
            }
            String name = source.getName();
            if (name.equals("commandLineArgs")) {
                return "argument --" + key;
            }
            if (name.equals("systemProperties")) {
                return "system property -D" + key;
            }
            int file = name.indexOf("file [");
            if (file >= 0) {
                return "file " + name.substring(file + 6, name.indexOf(']', file));
            }
            if (name.contains("classpath")) {
                return "default (application.yml in the jar)";
            }
            return name;
        }
        return "unset";
    }

    /** Spring's view over all the others; it would claim every key. */
    private static boolean isAttached(PropertySource<?> source) {
        return source.getName().equals("configurationProperties");
    }

    private static String relaxed(String key) {
        return key.replace('-', '.');
    }
}
