package dev.signaltty.transport.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.context.event.ApplicationListenerMethodAdapter;
import org.springframework.context.event.EventListener;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;

import dev.signaltty.support.TestDaemon;

/**
 * The daemon's {@code @EventListener} support searches only the beans {@link KnownEventListeners} names (ADR
 * 0622): Spring's own search over every bean of the running context must find those beans and no other, and
 * every listener method they declare must be registered.
 */
class KnownEventListenersTest {

    @Test
    void theNamedBeansAreExactlyTheBeansWithListenersAndEveryListenerMethodIsRegistered(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root)) {
            ConfigurableApplicationContext context = daemon.context();
            ConfigurableListableBeanFactory factory = context.getBeanFactory();
            Set<String> declaring = new TreeSet<>();
            int methods = 0;
            for (String name : factory.getBeanNamesForType(Object.class)) {
                Class<?> type = AutoProxyUtils.determineTargetClass(factory, name);
                if (type == null) {
                    continue;
                }
                Map<Method, EventListener> listeners = MethodIntrospector.selectMethods(type,
                        (MethodIntrospector.MetadataLookup<EventListener>) m ->
                                AnnotatedElementUtils.findMergedAnnotation(m, EventListener.class));
                if (!listeners.isEmpty()) {
                    declaring.add(name);
                    methods += listeners.size();
                }
            }
            assertThat(declaring).isEqualTo(new TreeSet<>(KnownEventListeners.BEANS));
            assertThat(context.getBean(AnnotationConfigUtils.EVENT_LISTENER_PROCESSOR_BEAN_NAME))
                    .isInstanceOf(KnownEventListeners.class);
            long registered = ((org.springframework.context.support.AbstractApplicationContext) context)
                    .getApplicationListeners().stream().filter(ApplicationListenerMethodAdapter.class::isInstance)
                    .count();
            assertThat(registered).isEqualTo(methods);
        }
    }
}
