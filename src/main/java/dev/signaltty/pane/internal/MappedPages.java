package dev.signaltty.pane.internal;

import java.nio.MappedByteBuffer;

import com.sun.jna.Native;

/**
 * Gives a mapped transcript tail's pages back to the kernel once a checkpoint made them obsolete.
 * Every page the tail ever touched stays in the process's RSS while mapped, which made an idle pane
 * cost its whole tail (up to a quarter MiB) in resident memory. {@code madvise(MADV_DONTNEED)} on a
 * shared file mapping only drops the page-table entries: the bytes stay in the page cache and the
 * file (a dirty page is handed to the page cache, never discarded), and a later write faults the page
 * back in.
 */
final class MappedPages {

    private static final int MADV_DONTNEED = 4;
    private static final int SC_PAGESIZE = 30;

    private static final long PAGE = Math.max(4096, PtySession.LibC.INSTANCE.sysconf(SC_PAGESIZE));

    private MappedPages() {
    }

    /** Releases the resident pages of {@code buffer} from byte {@code from} (rounded up to a page) to its end. */
    static void release(MappedByteBuffer buffer, long from) {
        long start = (from + PAGE - 1) / PAGE * PAGE;
        long length = buffer.capacity() - start;
        if (length <= 0) {
            return;
        }
        // a failure leaves only memory at stake: the pages stay resident until the next checkpoint tries again
        PtySession.LibC.INSTANCE.madvise(Native.getDirectBufferPointer(buffer).share(start), length, MADV_DONTNEED);
    }
}
