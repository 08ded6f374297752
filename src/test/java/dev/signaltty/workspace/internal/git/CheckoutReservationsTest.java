package dev.signaltty.workspace.internal.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.signaltty.transport.ProtocolException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckoutReservationsTest {

    @TempDir
    Path tmp;

    final CheckoutReservations reservations = new CheckoutReservations();

    @Test
    void comparesWholePathComponentsSoASiblingWithTheSamePrefixIsFree() throws Exception {
        Path proj = Files.createDirectories(tmp.resolve("proj"));
        Path other = Files.createDirectories(tmp.resolve("proj-other"));

        try (CheckoutReservations.Removal removal = reservations.reserveRemoval(proj, "path")) {
            reservations.beginUse(other, "cwd").close();
            assertThatThrownBy(() -> reservations.beginUse(proj.resolve("deep/er"), "cwd"))
                    .isInstanceOf(ProtocolException.class);
        }
        reservations.beginUse(proj, "cwd").close();
    }

    @Test
    void resolvesSymlinksBeforeComparing() throws Exception {
        Path proj = Files.createDirectories(tmp.resolve("proj"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), proj);

        try (CheckoutReservations.Removal removal = reservations.reserveRemoval(proj, "path")) {
            assertThatThrownBy(() -> reservations.beginUse(link.resolve("sub"), "cwd"))
                    .isInstanceOf(ProtocolException.class);
            assertThat(reservations.isBeingRemoved(link)).isTrue();
        }
    }

    @Test
    void releasesAUseOnlyWhenEveryHolderClosed() throws Exception {
        Path proj = Files.createDirectories(tmp.resolve("proj"));
        CheckoutReservations.Use a = reservations.beginUse(proj, "cwd");
        CheckoutReservations.Use b = reservations.beginUse(proj, "cwd");
        a.close();

        assertThatThrownBy(() -> reservations.reserveRemoval(proj, "path")).isInstanceOf(ProtocolException.class);
        b.close();
        reservations.reserveRemoval(proj, "path").close();
    }
}
