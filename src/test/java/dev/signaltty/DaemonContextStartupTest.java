package dev.signaltty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.cloud.CloudFoundryVcapEnvironmentPostProcessor;
import org.springframework.boot.context.properties.ConfigurationPropertiesBindingPostProcessor;
import org.springframework.boot.env.RandomValuePropertySource;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.support.RandomValuePropertySourceEnvironmentPostProcessor;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.NoSuchMessageException;
import org.springframework.context.support.AbstractApplicationContext;
import org.springframework.context.support.MessageSourceSupport;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * Work the daemon's context leaves out on its way to socket-ready (issue 24 item 4, ADR 0570), pinned so
 * that an added auto-configuration or dependency that brings it back fails here with the reason: a
 * post-processor that searches every bean for {@code @ConfigurationProperties} (nothing here has one),
 * and Spring's default message source, whose class lists every JDK locale when first used.
 */
class DaemonContextStartupTest {

    @Test
    void noBeanIsSearchedForConfigurationPropertiesAndTheDaemonStillServes(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            ConfigurableApplicationContext context = daemon.context();
            assertThat(context.getBeanNamesForType(ConfigurationPropertiesBindingPostProcessor.class)).isEmpty();
            assertThat(client.call("ping", java.util.Map.of()).isObject()).isTrue();
        }
    }

    @Test
    void theMessageSourceGivesBackDefaultsWithoutSpringsLocaleListingDelegate(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root)) {
            ConfigurableApplicationContext context = daemon.context();
            assertThat(context.getBean(AbstractApplicationContext.MESSAGE_SOURCE_BEAN_NAME))
                    .isNotInstanceOf(MessageSourceSupport.class);
            assertThat(context.getMessage("any.code", null, "as given", Locale.ROOT)).isEqualTo("as given");
            assertThat(context.getMessage("any.code", new Object[] {3}, "{0} panes", Locale.ROOT)).isEqualTo("3 panes");
            assertThat(context.getMessage("any.code", null, null, Locale.ROOT)).isNull();
            assertThatThrownBy(() -> context.getMessage("any.code", null, Locale.ROOT))
                    .isInstanceOf(NoSuchMessageException.class);
        }
    }

    @Test
    void theNamedLogFactoryExistsAndAUsersChoiceWins() throws Exception {
        String before = System.getProperty(SignalttyApplication.LOG_FACTORY_PROPERTY);
        try {
            System.clearProperty(SignalttyApplication.LOG_FACTORY_PROPERTY);
            SignalttyApplication.nameTheLogFactory();
            String named = System.getProperty(SignalttyApplication.LOG_FACTORY_PROPERTY);
            // a name commons-logging cannot load would fail the daemon's first log line
            assertThat(LogFactory.class).isAssignableFrom(Class.forName(named));
            assertThat(LogFactory.getFactory().getClass().getName()).isEqualTo(named);

            System.setProperty(SignalttyApplication.LOG_FACTORY_PROPERTY, "users.own.Factory");
            SignalttyApplication.nameTheLogFactory();
            assertThat(System.getProperty(SignalttyApplication.LOG_FACTORY_PROPERTY)).isEqualTo("users.own.Factory");
        } finally {
            if (before == null) {
                System.clearProperty(SignalttyApplication.LOG_FACTORY_PROPERTY);
            } else {
                System.setProperty(SignalttyApplication.LOG_FACTORY_PROPERTY, before);
            }
        }
    }

    @Test
    void theNamedLoggingSystemIsTheOneBootPicksAndAUsersChoiceWins() {
        String before = System.getProperty(LoggingSystem.SYSTEM_PROPERTY);
        try {
            System.clearProperty(LoggingSystem.SYSTEM_PROPERTY);
            Class<?> picked = LoggingSystem.get(getClass().getClassLoader()).getClass();
            SignalttyApplication.nameTheLoggingSystem();
            assertThat(System.getProperty(LoggingSystem.SYSTEM_PROPERTY)).isEqualTo(picked.getName());

            System.setProperty(LoggingSystem.SYSTEM_PROPERTY, "none");
            SignalttyApplication.nameTheLoggingSystem();
            assertThat(System.getProperty(LoggingSystem.SYSTEM_PROPERTY)).isEqualTo("none");
        } finally {
            if (before == null) {
                System.clearProperty(LoggingSystem.SYSTEM_PROPERTY);
            } else {
                System.setProperty(LoggingSystem.SYSTEM_PROPERTY, before);
            }
        }
    }

    /** Boot's environment post-processors, less the two ADR 0623 leaves out: one Boot adds later fails here. */
    @Test
    void theDaemonRunsBootsEnvironmentPostProcessorsLessRandomValuesAndCloudFoundryInBootsOrder() throws Exception {
        Set<String> boots = new TreeSet<>();
        Enumeration<URL> files = getClass().getClassLoader().getResources("META-INF/spring.factories");
        while (files.hasMoreElements()) {
            Properties factories = new Properties();
            try (InputStream in = files.nextElement().openStream()) {
                factories.load(in);
            }
            for (String name : factories.getProperty(EnvironmentPostProcessor.class.getName(), "").split(",")) {
                if (!name.isBlank()) {
                    boots.add(name.trim());
                }
            }
        }
        boots.remove(RandomValuePropertySourceEnvironmentPostProcessor.class.getName());
        boots.remove(CloudFoundryVcapEnvironmentPostProcessor.class.getName());
        assertThat(SignalttyApplication.ENVIRONMENT_POST_PROCESSORS).extracting(Class::getName)
                .containsExactlyInAnyOrderElementsOf(boots);
        assertThat(SignalttyApplication.ENVIRONMENT_POST_PROCESSORS).extracting(c -> orderOf(c))
                .isSorted();
    }

    @Test
    void theDaemonsEnvironmentHasNoRandomValuesAndStillReadsItsConfigFile(@TempDir Path root) throws Exception {
        Path config = java.nio.file.Files.createDirectories(root.resolve("config").resolve("signaltty"));
        java.nio.file.Files.writeString(config.resolve("config.yml"), "signaltty:\n  probe: from-the-config-file\n");
        try (TestDaemon daemon = TestDaemon.start(root, "spring.config.location=classpath:/application.yml,optional:file:"
                + config.resolve("config.yml"))) {
            var environment = daemon.context().getEnvironment();
            assertThat(environment.getPropertySources().contains(RandomValuePropertySource.RANDOM_PROPERTY_SOURCE_NAME))
                    .isFalse();
            assertThat(environment.getProperty("signaltty.probe")).isEqualTo("from-the-config-file");
        }
    }

    private static int orderOf(Class<?> type) {
        for (String field : new String[] {"ORDER", "DEFAULT_ORDER"}) {
            try {
                return type.getField(field).getInt(null);
            } catch (ReflectiveOperationException e) {
                // the other name
            }
        }
        throw new AssertionError(type + " has no ORDER");
    }
}
