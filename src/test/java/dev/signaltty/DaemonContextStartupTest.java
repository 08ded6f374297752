package dev.signaltty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Locale;

import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.ConfigurationPropertiesBindingPostProcessor;
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
}
