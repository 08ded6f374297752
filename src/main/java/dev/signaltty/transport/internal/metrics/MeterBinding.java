package dev.signaltty.transport.internal.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The hook every module uses to publish gauges and counters: declare a bean that implements
 * Micrometer's {@link MeterBinder}; once all singletons exist its {@code bindTo} is called with the
 * daemon's registry (only when metrics are enabled). A module needs no import from this package, so the
 * module graph keeps no edge to transport internals.
 */
@Component
class MeterBinding implements SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(MeterBinding.class);

    private final MeterRegistry registry;
    private final ObjectProvider<MeterBinder> binders;
    private final boolean enabled;

    MeterBinding(MeterRegistry registry, ObjectProvider<MeterBinder> binders,
                 @Value("${" + MetricsConfiguration.ENABLED + ":false}") boolean enabled) {
        this.registry = registry;
        this.binders = binders;
        this.enabled = enabled;
    }

    @Override
    public void afterSingletonsInstantiated() {
        if (!enabled) {
            return;
        }
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        registry.config().meterFilter(PromtoolNames.FILTER);
        new ProcessorMetrics().bindTo(registry);
        PromtoolNames.bindProcessCpuSeconds(registry);
        binders.orderedStream().forEach(binder -> {
            log.debug("binding meters of {}", binder.getClass().getName());
            binder.bindTo(registry);
        });
    }
}
