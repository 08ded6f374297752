#!/usr/bin/env python3
"""Memory per idle pane of a daemon started the way `bin/signaltty server run` starts it (its flags).

Starts `bin/signaltty server run` on private XDG directories and measures the way bench/run's memory
rows do (ADR 0545): a warm-up round of N panes, each printing 10,000 lines of 63 bytes and idling in
`sleep`, closed again, so the baseline has seen the same allocations (the collector's high-water mark,
JIT code, per-pane classes); then a full GC and RSS sampled until the heap's uncommit has settled (the
baseline); then N panes again, idle (and --idle seconds more), the same settle (the end). Prints the RSS
growth per pane and where it went: the Java heap's resident pages (smaps inside the heap's range) and
its used and committed size, the rest outside the heap, smaps anonymous vs file and the 1 MiB stack
mappings, and with --nmt the growth of each NMT category.

  bench/memory/idle-panes.py [--panes 40] [--java-opts "JVM options"] [--extra-opts "JVM options"] [--nmt]
                             [--idle SECONDS] [--histo FILE]

--java-opts replaces bin/signaltty's daemon flags (SIGNALTTY_DAEMON_JAVA_OPTS), e.g. "" for plain
default flags; --extra-opts and --nmt (-XX:NativeMemoryTracking=summary) are added to whichever flags are
used (through JDK_JAVA_OPTIONS, so the launcher's own flags and AOT cache stay as they are).
"""
import argparse, json, os, re, shutil, socket, subprocess, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PRINT = "awk 'BEGIN{for(i=1;i<=10000;i++) printf \"%06d lorem ipsum dolor sit amet, consectetur adipiscing elit\\n\", i}'"
PER_PANE = 10_000 * 64  # 63 printed bytes + CR from the terminal's newline translation


class Client:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.buf = b""
        self.ids = 0

    def call(self, method, params):
        self.ids += 1
        self.sock.sendall(json.dumps({"id": self.ids, "method": method, "params": params}).encode() + b"\n")
        while True:
            while b"\n" not in self.buf:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise IOError("connection closed")
                self.buf += chunk
            line, self.buf = self.buf.split(b"\n", 1)
            node = json.loads(line)
            if node.get("id") == self.ids:
                if not node.get("ok"):
                    raise RuntimeError(f"{method} failed: {line!r}")
                return node["result"]


def jcmd(pid, *args):
    java = os.path.join(os.path.dirname(os.readlink(f"/proc/{pid}/exe")), "jcmd")
    return subprocess.run([java, str(pid), *args], capture_output=True, text=True, timeout=300).stdout


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def settle(pid):
    """Full GC, then RSS until G1's uncommit (concurrent, after the GC) has settled: the median of the
    last three of samples 0.5 s apart once three in a row are within 1 % (at most 30 s).
    Returns (rss, heap used, heap committed, heap resident, heap range)."""
    jcmd(pid, "GC.run")
    samples = []
    deadline = time.time() + 30
    while time.time() < deadline:
        time.sleep(0.5)
        samples.append(rss_kb(pid))
        last = samples[-3:]
        if len(last) == 3 and max(last) - min(last) <= 0.01 * max(last):
            break
    rss = sorted(samples[-3:])[len(samples[-3:]) // 2]
    info = jcmd(pid, "GC.heap_info")
    used = int(re.search(r"used (\d+)K", info).group(1))
    m = re.search(r"committed (\d+)K", info)
    committed = int(m.group(1)) if m else 0
    r = re.search(r"\[(0x[0-9a-f]+), (0x[0-9a-f]+)\)", info)
    heap_range = (int(r.group(1), 16), int(r.group(2), 16)) if r else (0, 0)
    return rss, used, committed, heap_range


def smaps(pid, heap_range):
    """RSS in KiB: anonymous, file-backed (mapped transcript tails and the like), thread stacks, and the
    Java heap (anonymous mappings inside the heap's reserved range)."""
    kinds = {"anon": 0, "file": 0, "stacks": 0, "heap": 0}
    named = False
    stack = False
    heap = False
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            m = re.match(r"^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)", line)
            if m:
                start, end = int(m.group(1), 16), int(m.group(2), 16)
                named = m.group(3) != "0"
                size = (end - start) // 1024
                stack = not named and 1_000 <= size <= 1_100  # a 1 MiB thread stack (the default -Xss)
                heap = heap_range[0] <= start and end <= heap_range[1]
                continue
            if line.startswith("Rss:"):
                kb = int(line.split()[1])
                kinds["file" if named else "anon"] += kb
                if stack:
                    kinds["stacks"] += kb
                if heap:
                    kinds["heap"] += kb
    return kinds


def nmt(pid):
    out = jcmd(pid, "VM.native_memory", "summary")
    cats = {}
    for m in re.finditer(r"-\s+([A-Za-z ]+?) \(reserved=\d+KB, committed=(\d+)KB", out):
        cats[m.group(1).strip()] = int(m.group(2))
    return cats


def spawn(client, workspace):
    pane = client.call("pane.spawn", {"workspace_id": workspace, "cols": 80, "rows": 24,
                                      "argv": ["sh", "-c", PRINT + "; exec sleep 100000"]})["pane_id"]
    deadline = time.time() + 300
    while time.time() < deadline:
        got = client.call("pane.get", {"pane_id": pane})
        view = got.get("pane", got)
        if view.get("output_offset", 0) >= PER_PANE:
            return pane
        time.sleep(0.01)
    raise RuntimeError(f"pane {pane} did not print its lines")


def histogram(text):
    out = {}
    for m in re.finditer(r"^\s*\d+:\s+(\d+)\s+(\d+)\s+(\S+)", text, re.M):
        out[m.group(3)] = (int(m.group(1)), int(m.group(2)))
    return out


def close_all(client, panes):
    for pane in panes:
        client.call("pane.close", {"pane_id": pane})
    deadline = time.time() + 300
    while time.time() < deadline:
        listed = client.call("pane.list", {})
        live = {p["pane_id"] for p in listed.get("panes", [])}
        if not live & set(panes):
            return
        time.sleep(0.1)
    raise RuntimeError("closed panes still listed")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--panes", type=int, default=40)
    ap.add_argument("--java-opts")
    ap.add_argument("--extra-opts", default="")
    ap.add_argument("--nmt", action="store_true")
    ap.add_argument("--histo", help="write the per-pane class histogram difference (top 25) to this file")
    ap.add_argument("--idle", type=float, default=0, help="seconds to wait after the last pane before measuring")
    a = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="signaltty-mem-")
    env = dict(os.environ)
    for d in ("run", "state", "config"):
        os.makedirs(os.path.join(tmp, d), mode=0o700)
    env.update(XDG_RUNTIME_DIR=os.path.join(tmp, "run"), XDG_STATE_HOME=os.path.join(tmp, "state"),
               XDG_CONFIG_HOME=os.path.join(tmp, "config"), SIGNALTTY_SOCKET=os.path.join(tmp, "run", "s.sock"))
    env.pop("SIGNALTTY_DAEMON_JAVA_OPTS", None)
    if a.java_opts is not None:
        env["SIGNALTTY_DAEMON_JAVA_OPTS"] = a.java_opts or " "  # empty would mean bin/signaltty's flags
    extra = a.extra_opts + (" -XX:NativeMemoryTracking=summary" if a.nmt else "")
    if extra.strip():
        env["JDK_JAVA_OPTIONS"] = extra.strip()
    log = open(os.path.join(tmp, "daemon.log"), "w")
    proc = subprocess.Popen([os.path.join(ROOT, "bin", "signaltty"), "server", "run"], env=env, stdout=log,
                            stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 600
        client = None
        while time.time() < deadline and client is None:
            if proc.poll() is not None:
                raise RuntimeError("daemon exited: " + open(os.path.join(tmp, "daemon.log")).read())
            try:
                client = Client(env["SIGNALTTY_SOCKET"])
                client.call("ping", {})
            except (OSError, RuntimeError):
                client = None
                time.sleep(0.05)
        pid = proc.pid  # bin/signaltty execs java: the process is the JVM
        cmdline = open(f"/proc/{pid}/cmdline").read().split("\0")
        workspace = client.call("workspace.create", {"name": "mem", "cwd": tmp})["workspace_id"]
        n = a.panes
        # the warm-up round: the same panes, closed again, so the baseline has seen the same allocations
        close_all(client, [spawn(client, workspace) for _ in range(n)])
        time.sleep(a.idle)
        rss0, used0, com0, range0 = settle(pid)
        sm0 = smaps(pid, range0)
        t0 = len(os.listdir(f"/proc/{pid}/task"))
        n0 = nmt(pid) if a.nmt else {}
        h0 = jcmd(pid, "GC.class_histogram") if a.histo else ""
        for _ in range(n):
            spawn(client, workspace)
        time.sleep(a.idle)
        rss1, used1, com1, range1 = settle(pid)
        sm1 = smaps(pid, range1)
        t1 = len(os.listdir(f"/proc/{pid}/task"))
        flags = " ".join(x for x in cmdline if x.startswith("-X") or x.startswith("-D"))
        print(f"flags: {flags} {extra.strip()}".rstrip())
        print(f"load: {open('/proc/loadavg').read().strip()}")
        print(f"RSS per pane: {(rss1 - rss0) / n / 1024:.3f} MiB  (RSS {rss0} -> {rss1} KiB)")
        print(f"  Java heap resident: {(sm1['heap'] - sm0['heap']) / n:.1f} KiB; outside the heap: "
              f"{((rss1 - sm1['heap']) - (rss0 - sm0['heap'])) / n:.1f} KiB")
        print(f"  Java heap used after GC: {(used1 - used0) / n:.1f} KiB; committed: {(com1 - com0) / n:.1f} KiB "
              f"({com0} -> {com1} KiB)")
        print(f"  anon: {(sm1['anon'] - sm0['anon']) / n:.1f} KiB; file-backed: {(sm1['file'] - sm0['file']) / n:.1f} KiB; "
              f"1 MiB stack mappings: {(sm1['stacks'] - sm0['stacks']) / n:.1f} KiB")
        print(f"  threads per pane: {(t1 - t0) / n:.2f}")
        if a.nmt:
            n1 = nmt(pid)
            for k in sorted(n1, key=lambda k: -(n1[k] - n0.get(k, 0))):
                d = (n1[k] - n0.get(k, 0)) / n
                if abs(d) >= 0.5:
                    print(f"  NMT {k}: {d:+.1f} KiB per pane (committed)")
        if a.histo:
            p0, p1 = histogram(h0), histogram(jcmd(pid, "GC.class_histogram"))
            rows = sorted((((b - p0.get(k, (0, 0))[1]) / n, (c - p0.get(k, (0, 0))[0]) / n, k)
                           for k, (c, b) in p1.items()), reverse=True)
            with open(a.histo, "w") as f:
                for b, c, k in rows[:25]:
                    f.write(f"{b / 1024:9.1f} KiB {c:8.1f} objects  {k}\n")
            print(f"histogram difference per pane: {a.histo}")
    finally:
        try:
            Client(env["SIGNALTTY_SOCKET"]).call("server.stop", {})
        except Exception:
            pass
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
