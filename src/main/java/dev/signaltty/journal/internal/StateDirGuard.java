package dev.signaltty.journal.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.transport.StartupRefused;
import dev.signaltty.transport.StateDirLock;

/**
 * Takes the state directory's lock and checks its files before any bean exists (ADR 0120, 0121): a
 * bean factory post-processor runs before the context creates a single ordinary bean, so a second
 * daemon on the same directory, or a damaged directory, stops start-up before the journal, the
 * snapshots or anything else has opened, read or written a file there. Destroyed last (it is created
 * first), so the lock outlives the journal's clean-stop writes.
 */
@Component
class StateDirGuard implements BeanFactoryPostProcessor, EnvironmentAware, PriorityOrdered, DisposableBean {

    private @Nullable Environment environment;
    private @Nullable StateDirLock lock;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        Environment env = environment;
        if (env == null) {
            throw new IllegalStateException("no environment");
        }
        if (Boolean.getBoolean("spring.aot.processing")) {
            return; // build-time AOT processing only prepares bean definitions; the daemon that runs them locks
        }
        SignalttyPaths paths = SignalttyPaths.resolve(env::getProperty);
        Path stateDir = paths.stateDir();
        try {
            lock = StateDirLock.acquire(stateDir, paths.socket());
            new StateFileCheck(stateDir, env.getProperty(Journal.RECOVER_PROPERTY, Boolean.class, false)).run();
        } catch (IOException e) {
            destroy();
            throw new StartupRefused(stateDir, "cannot be used: " + e, null, e);
        } catch (RuntimeException e) {
            destroy();
            throw e;
        }
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public void destroy() {
        StateDirLock held = lock;
        lock = null;
        if (held != null) {
            try {
                held.close();
            } catch (IOException e) {
                // the process is ending or the context closing: the kernel drops the lock with the fd
            }
        }
    }
}
