package dev.signaltty.workspace.internal;

import java.time.Duration;
import java.util.Map;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.signaltty.workspace.internal.git.CheckoutReservations;
import dev.signaltty.workspace.internal.git.DiffSummaryReader;
import dev.signaltty.workspace.internal.git.FileDiffReader;
import dev.signaltty.workspace.internal.git.GitRunner;
import dev.signaltty.workspace.internal.git.GitStatusWatcher;
import dev.signaltty.workspace.internal.git.TurnBaselines;
import dev.signaltty.workspace.internal.git.Worktrees;

/** The git machinery of the workspace module, with its deadlines and caps as properties. */
@Configuration(proxyBeanMethods = false)
class GitBeans {

    /**
     * {@code signaltty.git.config-home}, when set, is git's HOME and the only global configuration (no
     * system file): tests use it so a developer's own git config never reaches them.
     */
    @Bean
    GitRunner gitRunner(@Value("${signaltty.git.config-home:}") String configHome) {
        if (configHome.isBlank()) {
            return new GitRunner();
        }
        return new GitRunner(Map.of("HOME", configHome, "XDG_CONFIG_HOME", configHome + "/.config",
                "GIT_CONFIG_GLOBAL", configHome + "/.gitconfig", "GIT_CONFIG_NOSYSTEM", "1"));
    }

    @Bean
    CheckoutReservations checkoutReservations() {
        return new CheckoutReservations();
    }

    @Bean
    FileDiffReader fileDiffReader(GitRunner git, @Value("${signaltty.git.read-deadline-ms:8000}") long readMs) {
        return new FileDiffReader(git, Duration.ofMillis(readMs));
    }

    @Bean
    DiffSummaryReader diffSummaryReader(GitRunner git, @Value("${signaltty.git.read-deadline-ms:8000}") long readMs) {
        return new DiffSummaryReader(git, Duration.ofMillis(readMs));
    }

    @Bean
    Worktrees worktrees(GitRunner git, CheckoutReservations reservations,
                        @Value("${signaltty.git.read-deadline-ms:8000}") long readMs,
                        @Value("${signaltty.git.change-deadline-ms:60000}") long changeMs) {
        return new Worktrees(git, reservations, Duration.ofMillis(readMs), Duration.ofMillis(changeMs));
    }

    @Bean
    TurnBaselines turnBaselines(GitRunner git, @Value("${signaltty.git.capture-deadline-ms:30000}") long captureMs,
                                @Value("${signaltty.git.read-deadline-ms:8000}") long readMs) {
        return new TurnBaselines(git, Duration.ofMillis(captureMs), Duration.ofMillis(readMs));
    }

    @Bean
    GitStatusWatcher gitStatusWatcher(GitRunner git, @Value("${signaltty.git.watch-max-repos:16}") int maxRepos) {
        return new GitStatusWatcher(git, maxRepos, Duration.ofSeconds(8));
    }
}
