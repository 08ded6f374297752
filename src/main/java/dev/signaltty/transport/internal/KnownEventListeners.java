package dev.signaltty.transport.internal;

import java.util.Set;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.context.event.EventListenerFactory;
import org.springframework.context.event.EventListenerMethodProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.stereotype.Component;

/**
 * Spring's {@code @EventListener} support, searching only the beans that declare listeners. Spring's processor
 * searches every method of every one of the ~160 beans' classes for the annotation, parsing their annotations
 * (a proxy class per annotation type) on the main thread's way to the socket (ADR 0622). This is the same
 * processor, Spring's own adapters and ordering included, given a bean factory of only {@link #BEANS} to search.
 * {@code KnownEventListenersTest} runs Spring's search over the daemon's context and fails when a bean
 * declares a listener that is not named here (or a named one no longer does).
 */
final class KnownEventListeners extends EventListenerMethodProcessor {

    /** The beans with {@code @EventListener} methods. */
    static final Set<String> BEANS = Set.of("agentEventSignals", "agentProcessRelay", "daemonLifecycleLog",
            "decisionStore", "paneLifecycle", "paneRecordHandler", "paneTranscripts", "taskStore",
            "turnBaselineListener", "workerEvents");

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        super.postProcessBeanFactory(holdingOnlyKnownListeners(beanFactory));
    }

    /**
     * A bean factory of the listener beans' definitions and the context's {@code EventListenerFactory}s, for
     * Spring's processor to list and search instead of every bean. It only reads types from it; the listeners
     * it registers are invoked on the context's own beans, by name. (Not a proxy of the whole factory: a JDK
     * proxy class of that interface costs as much to make as the search it saves.)
     */
    private static ConfigurableListableBeanFactory holdingOnlyKnownListeners(ConfigurableListableBeanFactory beanFactory) {
        DefaultListableBeanFactory listeners = new DefaultListableBeanFactory();
        for (String name : BEANS) {
            if (beanFactory.containsBeanDefinition(name)) {
                listeners.registerBeanDefinition(name, new RootBeanDefinition(
                        (RootBeanDefinition) beanFactory.getMergedBeanDefinition(name)));
            }
        }
        beanFactory.getBeansOfType(EventListenerFactory.class, false, false).forEach(listeners::registerSingleton);
        return listeners;
    }

    /** Registers {@link KnownEventListeners} under the name of Spring's processor, before that is made. */
    @Component
    static final class InPlaceOfSpringsProcessor implements BeanDefinitionRegistryPostProcessor, PriorityOrdered {

        @Override
        public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
            String name = AnnotationConfigUtils.EVENT_LISTENER_PROCESSOR_BEAN_NAME;
            if (registry.containsBeanDefinition(name)
                    && KnownEventListeners.class.getName().equals(registry.getBeanDefinition(name).getBeanClassName())) {
                return; // the build-time AOT processing already put it there
            }
            if (registry.containsBeanDefinition(name)) {
                registry.removeBeanDefinition(name);
            }
            RootBeanDefinition definition = new RootBeanDefinition(KnownEventListeners.class);
            definition.setRole(RootBeanDefinition.ROLE_INFRASTRUCTURE);
            registry.registerBeanDefinition(name, definition);
        }

        @Override
        public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        }

        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE;
        }
    }
}
