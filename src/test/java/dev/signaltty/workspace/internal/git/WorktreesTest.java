package dev.signaltty.workspace.internal.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorktreesTest {

    @TempDir
    Path tmp;

    TestRepo repo;
    CheckoutReservations reservations;
    Worktrees worktrees;

    static final Worktrees.RemovalGuard NOTHING_OPEN = path -> { };

    @BeforeEach
    void setUp() {
        repo = TestRepo.init(tmp);
        repo.write("README", "hello\n");
        repo.commitAll("init");
        reservations = new CheckoutReservations();
        worktrees = new Worktrees(repo.runner(), reservations, Worktrees.DEFAULT_LIST_DEADLINE,
                Worktrees.DEFAULT_CHANGE_DEADLINE);
    }

    static void assertBadParams(Runnable call, String reason) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ProtocolException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.BAD_PARAMS);
            assertThat(e.getMessage() + e.details()).contains(reason);
        });
    }

    @Nested
    class Listing {

        @Test
        void listsTheMainWorktreeFirstWithItsBranch() {
            assertThat(worktrees.list(repo.root)).singleElement().satisfies(w -> {
                assertThat(w.path()).isEqualTo(repo.root.toString());
                assertThat(w.main()).isTrue();
                assertThat(w.branch()).isEqualTo("main");
                assertThat(w.head()).hasSize(40);
            });
        }

        @Test
        void reportsALockedWorktreeWithItsReason() {
            WorktreeInfo created = worktrees.create(repo.root, null, "feat", null);
            repo.git("worktree", "lock", "--reason", "on a usb stick", created.path());

            assertThat(worktrees.list(repo.root).get(1).locked()).isTrue();
            assertThat(worktrees.list(repo.root).get(1).lockedReason()).isEqualTo("on a usb stick");
        }
    }

    @Nested
    class Creation {

        // seed R141, seed R142
        @Test
        void createsANewBranchBesideTheMainWorktreeFromHead() {
            String head = repo.git("rev-parse", "HEAD").strip();

            WorktreeInfo created = worktrees.create(repo.root, null, "feature/x", null);

            assertThat(created.path()).isEqualTo(repo.root.resolveSibling("repo-feature-x").toString());
            assertThat(created.branch()).isEqualTo("feature/x");
            assertThat(created.head()).isEqualTo(head);
            assertThat(created.main()).isFalse();
            assertThat(Path.of(created.path()).resolve("README")).hasContent("hello");
            assertThat(repo.git("worktree", "list")).contains("repo-feature-x");
        }

        @Test
        void createsFromAnExplicitBaseAtAnExplicitPath() {
            String first = repo.git("rev-parse", "HEAD").strip();
            repo.write("README", "v2\n");
            repo.commitAll("second");

            WorktreeInfo created = worktrees.create(repo.root, "elsewhere", "old", first);

            assertThat(created.path()).isEqualTo(tmp.resolve("elsewhere").toString());
            assertThat(created.head()).isEqualTo(first);
        }

        @Test
        void refusesAnInvalidOrExistingBranchAnUnknownBaseAndAnExistingPath() throws Exception {
            assertBadParams(() -> worktrees.create(repo.root, null, "bad..name", null), "branch");
            assertBadParams(() -> worktrees.create(repo.root, null, "-x", null), "branch");
            assertBadParams(() -> worktrees.create(repo.root, null, "main", null), "already exists");
            assertBadParams(() -> worktrees.create(repo.root, null, "ok", "no-such-ref"), "base");
            Files.createDirectories(tmp.resolve("taken"));
            assertBadParams(() -> worktrees.create(repo.root, "taken", "ok", null), "already exists");
        }
    }

    @Nested
    class Removal {

        WorktreeInfo linked;

        @BeforeEach
        void createLinked() {
            linked = worktrees.create(repo.root, null, "feat", null);
        }

        // seed R143
        @Test
        void removesACleanWorktreeAndKeepsItsBranch() {
            worktrees.remove(repo.root, Path.of(linked.path()), NOTHING_OPEN);

            assertThat(Path.of(linked.path())).doesNotExist();
            assertThat(worktrees.list(repo.root)).hasSize(1);
            assertThat(repo.git("branch", "--list", "feat")).contains("feat");
        }

        @Test
        void findsTheWorktreeByTheRelativeNameCreateGaveIt() {
            worktrees.remove(repo.root, Path.of("repo-feat"), NOTHING_OPEN);

            assertThat(Path.of(linked.path())).doesNotExist();
        }

        // seed R146
        @Test
        void refusesTheMainWorktree() {
            assertBadParams(() -> worktrees.remove(repo.root, repo.root, NOTHING_OPEN), "main worktree");
        }

        // seed R146
        @Test
        void refusesAPathThatIsNotARegisteredWorktree() {
            assertBadParams(() -> worktrees.remove(repo.root, tmp.resolve("nowhere"), NOTHING_OPEN), "not a worktree");
        }

        // seed R146
        @Test
        void refusesALockedWorktree() {
            repo.git("worktree", "lock", linked.path());

            assertBadParams(() -> worktrees.remove(repo.root, Path.of(linked.path()), NOTHING_OPEN), "locked");
            assertThat(Path.of(linked.path())).exists();
        }

        // seed R146
        @Test
        void refusesADirtyWorktreeWithItsFiles() throws Exception {
            Files.writeString(Path.of(linked.path()).resolve("scratch.txt"), "wip\n");

            assertBadParams(() -> worktrees.remove(repo.root, Path.of(linked.path()), NOTHING_OPEN), "scratch.txt");
            assertThat(Path.of(linked.path()).resolve("scratch.txt")).exists();
        }

        // seed R146
        @Test
        void refusesAWorktreeWhoseDirectoryIsGone() {
            deleteRecursively(Path.of(linked.path()));

            assertBadParams(() -> worktrees.remove(repo.root, Path.of(linked.path()), NOTHING_OPEN), "invalid");
        }

        // seed R144, seed R145
        @Test
        void passesTheGuardsRefusalThroughAndKeepsTheWorktree() {
            Worktrees.RemovalGuard panesAlive = path -> {
                throw new ProtocolException(ErrorCode.PANES_ALIVE, "pane_1 is in " + path);
            };

            assertThatThrownBy(() -> worktrees.remove(repo.root, Path.of(linked.path()), panesAlive))
                    .isInstanceOfSatisfying(ProtocolException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PANES_ALIVE));
            assertThat(Path.of(linked.path())).exists();
            assertThat(reservations.isBeingRemoved(Path.of(linked.path()))).isFalse();
        }

        @Test
        void acceptsTheWorktreeThroughASymlink() throws Exception {
            Path alias = Files.createSymbolicLink(tmp.resolve("alias"), Path.of(linked.path()));

            worktrees.remove(repo.root, alias, NOTHING_OPEN);

            assertThat(Path.of(linked.path())).doesNotExist();
        }

        // seed R147
        @Test
        void refusesALaunchIntoTheWorktreeWhileItIsBeingRemoved() throws Exception {
            CountDownLatch inGuard = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicReference<Throwable> removalFailure = new AtomicReference<>();
            Thread removal = Thread.ofVirtual().start(() -> {
                try {
                    worktrees.remove(repo.root, Path.of(linked.path()), path -> {
                        inGuard.countDown();
                        await(release);
                    });
                } catch (Throwable t) {
                    removalFailure.set(t);
                }
            });
            assertThat(inGuard.await(10, TimeUnit.SECONDS)).isTrue();

            assertBadParams(() -> reservations.beginUse(Path.of(linked.path()).resolve("src"), "cwd").close(),
                    "being removed");
            assertBadParams(() -> worktrees.remove(repo.root, Path.of(linked.path()), NOTHING_OPEN), "already being removed");

            release.countDown();
            removal.join();
            assertThat(removalFailure.get()).isNull();
            assertThat(Path.of(linked.path())).doesNotExist();
        }

        // seed R147
        @Test
        void refusesARemovalWhileALaunchIsInFlightInside() {
            try (CheckoutReservations.Use launch = reservations.beginUse(Path.of(linked.path()), "cwd")) {
                assertBadParams(() -> worktrees.remove(repo.root, Path.of(linked.path()), NOTHING_OPEN), "being opened");
            }
            worktrees.remove(repo.root, Path.of(linked.path()), NOTHING_OPEN);
            assertThat(Path.of(linked.path())).doesNotExist();
        }
    }

    static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void deleteRecursively(Path path) {
        try (var walk = Files.walk(path)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
