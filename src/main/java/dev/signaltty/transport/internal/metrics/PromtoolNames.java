package dev.signaltty.transport.internal.metrics;

import java.lang.management.ManagementFactory;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;

import org.jspecify.annotations.Nullable;

/**
 * Two of Micrometer's processor meters break Prometheus's naming rules ({@code promtool check metrics}
 * exits 3): {@code process.cpu.time} is exposed in nanoseconds as {@code process_cpu_time_ns_total}
 * (abbreviated unit), and {@code system.cpu.count} as {@code system_cpu_count} (a gauge with a
 * {@code _count} suffix). The first is replaced by {@code process_cpu_seconds_total} (the name every
 * Prometheus client library uses), the second renamed {@code system_cpu_logical_processors}.
 */
final class PromtoolNames {

    static final MeterFilter FILTER = new MeterFilter() {
        @Override
        public io.micrometer.core.instrument.config.MeterFilterReply accept(Meter.Id id) {
            return id.getName().equals("process.cpu.time")
                    ? io.micrometer.core.instrument.config.MeterFilterReply.DENY
                    : io.micrometer.core.instrument.config.MeterFilterReply.NEUTRAL;
        }

        @Override
        public Meter.Id map(Meter.Id id) {
            return id.getName().equals("system.cpu.count") ? id.withName("system.cpu.logical.processors") : id;
        }
    };

    private PromtoolNames() {
    }

    /** {@code process_cpu_seconds_total}, when the JVM reports the process's CPU time. */
    static void bindProcessCpuSeconds(MeterRegistry registry) {
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)
                || os.getProcessCpuTime() < 0) {
            return;
        }
        FunctionCounter.builder("process.cpu", os, PromtoolNames::seconds).baseUnit("seconds")
                .description("CPU time used by the daemon's process").register(registry);
    }

    private static double seconds(com.sun.management.@Nullable OperatingSystemMXBean os) {
        return os == null ? 0 : os.getProcessCpuTime() / 1e9;
    }
}
