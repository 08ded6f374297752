import java.lang.foreign.*; import java.lang.invoke.*; import java.nio.charset.StandardCharsets;
import static java.lang.foreign.ValueLayout.*;
// ADR 0475: the CLI's connection through libc downcalls (FFM), with errno as EINTR handling needs.
public class FfmPing {
  public static void main(String[] a) throws Throwable {
    Linker linker = Linker.nativeLinker();
    SymbolLookup libc = linker.defaultLookup();
    Linker.Option errno = Linker.Option.captureCallState("errno");
    StructLayout state = Linker.Option.captureStateLayout();
    VarHandle errnoH = state.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    MethodHandle socket = linker.downcallHandle(libc.find("socket").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
    MethodHandle connect = linker.downcallHandle(libc.find("connect").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT), errno);
    MethodHandle write = linker.downcallHandle(libc.find("write").orElseThrow(), FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG), errno);
    MethodHandle read = linker.downcallHandle(libc.find("read").orElseThrow(), FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG), errno);
    Arena arena = Arena.ofConfined();
    MemorySegment st = arena.allocate(state);
    int fd = (int) socket.invokeExact(1, 1 | 0x80000, 0); // AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC
    byte[] path = a[0].getBytes(StandardCharsets.UTF_8);
    MemorySegment addr = arena.allocate(110);
    addr.set(JAVA_SHORT, 0, (short) 1);
    MemorySegment.copy(path, 0, addr, JAVA_BYTE, 2, path.length);
    int r = (int) connect.invokeExact(st, fd, addr, 110);
    if (r != 0) { System.err.println("connect errno " + (int) errnoH.get(st, 0L)); System.exit(1); }
    byte[] req = "{\"protocol\":\"signaltty/1\",\"id\":1,\"method\":\"ping\",\"params\":{}}\n".getBytes(StandardCharsets.UTF_8);
    MemorySegment buf = arena.allocate(65536);
    MemorySegment.copy(req, 0, buf, JAVA_BYTE, 0, req.length);
    long off = 0;
    while (off < req.length) { long n = (long) write.invokeExact(st, fd, buf.asSlice(off), (long) req.length - off); if (n < 0) { if ((int) errnoH.get(st, 0L) == 4) continue; System.exit(2);} off += n; }
    StringBuilder sb = new StringBuilder();
    byte[] tmp = new byte[65536];
    outer: while (true) { long n = (long) read.invokeExact(st, fd, buf, 65536L); if (n < 0) { if ((int) errnoH.get(st, 0L) == 4) continue; break; } if (n == 0) break;
      MemorySegment.copy(buf, JAVA_BYTE, 0, tmp, 0, (int) n);
      for (int i = 0; i < n; i++) { if (tmp[i] == '\n') break outer; sb.append((char) tmp[i]); } }
    System.out.println(sb);
    System.exit(0);
  }
}
