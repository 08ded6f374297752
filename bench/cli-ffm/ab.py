import os, sys, time, statistics, subprocess
# Interleaved A/B of commands (ADRs 0475, 0476): wall time and the child's user+system CPU from wait4.
# usage: ab.py N name1 'cmd1' name2 'cmd2' ...   (each command is run as bash -c "exec CMD")
n = int(sys.argv[1]); vs = list(zip(sys.argv[2::2], sys.argv[3::2]))
res = {name: ([], []) for name, _ in vs}
for i in range(n):
    order = vs if i % 2 == 0 else vs[::-1]
    for name, cmd in order:
        t0 = time.perf_counter()
        p = subprocess.Popen(['bash', '-c', 'exec ' + cmd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        w = (time.perf_counter() - t0) * 1000
        if status != 0: print(name, 'exit', status, file=sys.stderr)
        res[name][0].append(w); res[name][1].append((ru.ru_utime + ru.ru_stime) * 1000)
def p(xs, q): xs = sorted(xs); return xs[int(q * (len(xs) - 1))]
print('load', open('/proc/loadavg').read().split()[:3])
for name, (w, c) in res.items():
    print(f'{name:12s} n={len(w)} wall median {statistics.median(w):6.1f} p10 {p(w,.1):6.1f} p90 {p(w,.9):6.1f} | cpu median {statistics.median(c):6.1f} p10 {p(c,.1):6.1f}')
