"""A scripted fake agent for task tests.

It reports its lifecycle with Claude-Code-shaped `hook-event` payloads over the daemon socket (session
id `sess-<pane id>`), as an agent's hooks would; it reads the prompt the
task writes into its PTY, does what the objective says (WRITE <path> <content>) and reports with
task.report, as `signaltty report` would. The first argument picks a behaviour:
  work        idle -> read prompt -> working -> write file -> report completed -> done; stays alive
  silent      idle -> read prompt -> never turns working (the gate stalls)
  never_ready prints a banner and never reports idle
  decision    idle -> on the first pasted byte asks a permission (PermissionRequest waiting for an answer)
  reject      idle -> read prompt -> working -> report rejected -> done
With `--cli JAVA CLASSPATH` after the mode, the report goes through the real CLI
(`signaltty report --status … --summary …`, task and pane from $SIGNALTTY_TASK / $SIGNALTTY_PANE).
"""
import json
import os
import re
import socket
import subprocess
import sys
import termios
import tty

SOCK = os.environ["SIGNALTTY_SOCKET"]
PANE = os.environ["SIGNALTTY_PANE"]
TASK = os.environ.get("SIGNALTTY_TASK")


def call(method, **params):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(SOCK)
    s.sendall((json.dumps({"id": 1, "method": method, "params": params}) + "\n").encode())
    f = s.makefile("r")
    while True:
        line = json.loads(f.readline())
        if line.get("type") == "response":
            break
    s.close()
    return line


def report(status, summary):
    if len(sys.argv) > 4 and sys.argv[2] == "--cli":
        done = subprocess.run([sys.argv[3], "-cp", sys.argv[4], "dev.signaltty.cli.Main", "report",
                               "--status", status, "--summary", summary], capture_output=True, text=True)
        print("cli report exit " + str(done.returncode) + " " + done.stderr.strip()[:200], flush=True)
    else:
        call("task.report", status=status, summary=summary, task_id=TASK)


HOOKS = {"idle": "SessionStart", "working": "UserPromptSubmit", "done": "Stop"}


def hook(event, **extra):
    payload = {"session_id": "sess-" + PANE, "hook_event_name": event, "cwd": os.getcwd()}
    payload.update(extra)
    return call("hook-event", pane_id=PANE, agent="claude", payload=payload)


def state(lifecycle):
    hook(HOOKS[lifecycle])


def ask_permission():
    """Blocks in a thread, like Claude's hook waiting for the answer."""
    import threading
    threading.Thread(target=lambda: call("hook-event", pane_id=PANE, agent="claude", wait_for_answer=True,
                                         wait_timeout_s=120,
                                         payload={"session_id": "sess-" + PANE, "hook_event_name": "PermissionRequest",
                                                  "tool_name": "Bash", "tool_input": {"command": "ls"}}),
                     daemon=True).start()


def stay():
    for _ in sys.stdin:
        pass


mode = sys.argv[1]
if mode == "never_ready":
    print("booting forever, waiting for a login that never comes", flush=True)
    stay()
    sys.exit(0)

if mode == "decision":
    fd = sys.stdin.fileno()
    tty.setcbreak(fd)
    state("idle")
    os.read(fd, 1)
    ask_permission()
    print("asked for permission", flush=True)
    stay()
    sys.exit(0)

state("idle")
prompt = sys.stdin.readline()
print("got prompt: " + prompt[:60], flush=True)
if mode == "silent":
    for extra in sys.stdin:  # the gate's Enter retry arrives as an empty line
        print("extra line " + repr(extra), flush=True)
    sys.exit(0)
state("working")
if mode == "reject":
    report("rejected", "not doing that")
else:
    m = re.search(r"WRITE (\S+) (\S+)", prompt)
    with open(m.group(1), "w") as out:
        out.write(m.group(2) + "\n")
    report("completed", "wrote " + m.group(1))
state("done")
stay()
