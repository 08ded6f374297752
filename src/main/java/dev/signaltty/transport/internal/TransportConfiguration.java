package dev.signaltty.transport.internal;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import dev.signaltty.transport.SignalttyPaths;

@Configuration(proxyBeanMethods = false)
class TransportConfiguration {

    /** Paths from Spring's environment: env vars, system properties and test properties alike. */
    @Bean
    SignalttyPaths signalttyPaths(Environment environment) {
        return SignalttyPaths.resolve(environment::getProperty);
    }
}
