package dev.signaltty.transport.internal;

import java.util.List;

import org.springframework.context.MessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.support.AbstractApplicationContext;
import org.springframework.core.env.Environment;

import dev.signaltty.transport.EventCatalog;
import dev.signaltty.transport.EventTypes;
import dev.signaltty.transport.SignalttyPaths;

@Configuration(proxyBeanMethods = false)
class TransportConfiguration {

    /** Paths from Spring's environment: env vars, system properties and test properties alike. */
    @Bean
    SignalttyPaths signalttyPaths(Environment environment) {
        return SignalttyPaths.resolve(environment::getProperty);
    }

    /** Every module's events with their payload records; startup fails on a gap or a duplicate. */
    @Bean
    EventCatalog eventCatalog(List<EventTypes> modules) {
        return new EventCatalog(modules);
    }

    /** No message bundles; spares the context the JDK's locale list of Spring's default one (ADR 0570). */
    @Bean(AbstractApplicationContext.MESSAGE_SOURCE_BEAN_NAME)
    static MessageSource messageSource() {
        return new NoMessages();
    }
}
