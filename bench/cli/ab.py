import os, sys, time, shlex, statistics, subprocess
# Interleaved A/B of one-shot commands (ADR 0510): wall time and the child's user+system CPU from wait4.
#   python3 ab.py N name1 'cmd1' name2 'cmd2' ...
# AB_STDIN=FILE gives every run that file as its standard input (default: /dev/null).
# Each command line is split like a shell word list and started directly (no extra shell), in
# alternating order per round (ABC, CBA, ...) so load drifts hit every variant alike.
n = int(sys.argv[1]); vs = [(name, shlex.split(cmd)) for name, cmd in zip(sys.argv[2::2], sys.argv[3::2])]
res = {name: ([], []) for name, _ in vs}
load0 = open('/proc/loadavg').read().split()[:3]
for i in range(n):
    for name, argv in (vs if i % 2 == 0 else vs[::-1]):
        t0 = time.perf_counter()
        stdin = open(os.environ['AB_STDIN'], 'rb') if os.environ.get('AB_STDIN') else subprocess.DEVNULL
        p = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if stdin is not subprocess.DEVNULL: stdin.close()
        _, status, ru = os.wait4(p.pid, 0)
        w = (time.perf_counter() - t0) * 1000
        if status != 0: print(name, 'exit', status, file=sys.stderr)
        res[name][0].append(w); res[name][1].append((ru.ru_utime + ru.ru_stime) * 1000)
def q(xs, f): xs = sorted(xs); return xs[int(f * (len(xs) - 1))]
print('load before', ' '.join(load0), 'after', ' '.join(open('/proc/loadavg').read().split()[:3]))
for name, (w, c) in res.items():
    print(f'{name:14s} n={len(w)} wall median {statistics.median(w):6.1f} p10 {q(w,.1):6.1f} p90 {q(w,.9):6.1f}'
          f' | cpu median {statistics.median(c):6.1f} p10 {q(c,.1):6.1f}')
