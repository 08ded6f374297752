#!/usr/bin/env python3
"""A scripted stand-in for Claude Code, for tests.

It reads the hook configuration signaltty's integration wrote (--settings FILE), draws a prompt,
and for each submitted line runs a turn, posting Claude-Code-shaped hook payloads through the
configured hook commands (stdin = the hook JSON, as Claude does):

  <text>        UserPromptSubmit, PreToolUse/PostToolUse (Bash echo), Stop
  ask <cmd>     ... PermissionRequest (the hook blocks for an answer); allow → ALLOWED + PostToolUse,
                deny → DENIED, no verdict → NO VERDICT; then Stop
  exit          SessionEnd, then the process exits

FAKE_AGENT_START_DELAY (seconds) delays SessionStart, so a test can catch it before it is ready.
At start it prints its argv (without the --settings pair) and CLAUDE_CONFIG_DIR, one line each;
--resume ID continues session ID (SessionStart source "resume") instead of starting a new one.
"""
import json
import os
import subprocess
import sys
import time
import uuid

args = sys.argv[1:]
hooks = {}
if "--settings" in args:
    with open(args[args.index("--settings") + 1]) as f:
        hooks = json.load(f).get("hooks", {})
resumed = "--resume" in args
session = args[args.index("--resume") + 1] if resumed else "sess-" + uuid.uuid4().hex[:12]
cwd = os.getcwd()


def hook(event, extra=None):
    payload = {"session_id": session, "transcript_path": os.path.join(cwd, ".transcripts", session + ".jsonl"),
               "cwd": cwd, "permission_mode": "default", "hook_event_name": event}
    payload.update(extra or {})
    out = ""
    for entry in hooks.get(event, []):
        for h in entry.get("hooks", []):
            try:
                run = subprocess.run(h["command"], shell=True, input=json.dumps(payload), capture_output=True,
                                     text=True, timeout=h.get("timeout", 60))
                out += run.stdout
            except subprocess.TimeoutExpired:
                pass
    return out


def verdict(out):
    for line in reversed(out.strip().splitlines()):
        try:
            return json.loads(line)["hookSpecificOutput"]["decision"]["behavior"]
        except (ValueError, KeyError, TypeError):
            continue
    return None


def say(text):
    sys.stdout.write(text + "\r\n")
    sys.stdout.flush()


time.sleep(float(os.environ.get("FAKE_AGENT_START_DELAY", "0")))
sys.stdout.write("\x1b[?2004h")  # ask for bracketed paste, as Claude Code's TUI does
shown = [sys.argv[0]] + [a for i, a in enumerate(args) if a != "--settings" and (i == 0 or args[i - 1] != "--settings")]
say("argv: " + json.dumps(shown, separators=(",", ":")))
say("config: " + os.environ.get("CLAUDE_CONFIG_DIR", "-"))
hook("SessionStart", {"source": "resume" if resumed else "startup"})
while True:
    sys.stdout.write("fake> ")
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        break
    line = line.replace("\x1b[200~", "").replace("\x1b[201~", "").strip()
    if not line:
        continue
    if line == "exit":
        hook("SessionEnd", {"reason": "prompt_input_exit"})
        break
    hook("UserPromptSubmit", {"prompt": line})
    say("working on: " + line)
    if line.startswith("ask "):
        command = line[4:]
        tool = {"tool_name": "Bash", "tool_input": {"command": command, "description": "run " + command},
                "tool_use_id": "toolu_" + uuid.uuid4().hex[:8]}
        hook("PreToolUse", tool)
        behavior = verdict(hook("PermissionRequest", tool))
        if behavior == "allow":
            say("ALLOWED " + command)
            hook("PostToolUse", dict(tool, tool_response={"stdout": command, "exit_code": 0}))
        elif behavior == "deny":
            say("DENIED " + command)
        else:
            say("NO VERDICT " + command)
    else:
        tool = {"tool_name": "Bash", "tool_input": {"command": "echo " + line}, "tool_use_id": "toolu_1"}
        hook("PreToolUse", tool)
        time.sleep(0.2)
        hook("PostToolUse", dict(tool, tool_response={"stdout": line, "exit_code": 0}))
    hook("Stop", {"stop_hook_active": False})
    say("done: " + line)
