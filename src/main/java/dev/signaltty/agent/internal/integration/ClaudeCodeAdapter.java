package dev.signaltty.agent.internal.integration;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.transport.PrivateFiles;
import dev.signaltty.agent.Integration;

/**
 * Claude Code: a per-pane settings file passed with {@code --settings}, whose hooks run
 * {@code signaltty hook-event} (and {@code --wait-for-answer} for PermissionRequest, so a decision
 * answered from outside becomes Claude's native verdict). The project's own settings are untouched.
 */
@Component
class ClaudeCodeAdapter implements AgentAdapter {

    /**
     * Every Claude Code hook that bears on state (HookMapping's table); PermissionRequest is added with
     * {@code --wait-for-answer}. {@code AgentsDocTest} checks these against the installed version's own list.
     */
    static final List<String> HOOKS = List.of("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse",
            "PostToolUseFailure", "PermissionDenied", "Notification", "SubagentStart", "SubagentStop", "PreCompact",
            "PostCompact", "Elicitation", "ElicitationResult", "Stop", "StopFailure", "SessionEnd");

    /** Hooks whose entries take a tool matcher. */
    static final java.util.Set<String> TOOL_HOOKS = java.util.Set.of("PreToolUse", "PostToolUse", "PostToolUseFailure",
            "PermissionDenied", "PermissionRequest");

    /** How long a PermissionRequest hook waits for an answer from outside (1..120 s, default 120). */
    private final int permissionWaitS;

    ClaudeCodeAdapter(@org.springframework.beans.factory.annotation.Value("${signaltty.agent.permission-wait-s:120}")
                      int permissionWaitS) {
        if (permissionWaitS < 1 || permissionWaitS > 120) {
            throw new IllegalArgumentException("signaltty.agent.permission-wait-s must be 1..120, not " + permissionWaitS);
        }
        this.permissionWaitS = permissionWaitS;
    }

    @Override
    public String name() {
        return "claude";
    }

    @Override
    public List<String> executables() {
        return List.of("claude");
    }

    @Override
    public List<String> resumeCommand(String sessionId) {
        return List.of("claude", "--resume", sessionId);
    }

    @Override
    public boolean reportsReady() {
        return true;
    }

    @Override
    public Prepared configure(Launch launch) throws Exception {
        String report = Commands.shell(launch.hookCommand()) + " hook-event --agent claude";
        Map<String, Object> hooks = new LinkedHashMap<>();
        for (String hook : HOOKS) {
            hooks.put(hook, List.of(entry(hook, report)));
        }
        // PermissionRequest waits for an answer from outside; Claude's own prompt stays the fallback
        hooks.put("PermissionRequest", List.of(entry("PermissionRequest", report + " --wait-for-answer"
                + (permissionWaitS == 120 ? "" : " --wait-timeout " + permissionWaitS))));
        Map<String, Object> settings = Map.of("hooks", hooks);
        byte[] bytes = ProtocolJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(settings);
        Path file = launch.integrationDir().resolve("claude-" + launch.paneId() + ".json");
        boolean changed = !Files.exists(file) || !java.util.Arrays.equals(Files.readAllBytes(file), bytes);
        if (changed) {
            PrivateFiles.directory(file.getParent());
            Path temp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.deleteIfExists(temp);
            Files.createFile(temp, PrivateFiles.fileMode()); // 0600 like every state file (docs/security.md)
            Files.write(temp, bytes);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        List<String> argv = new ArrayList<>(launch.argv());
        argv.add("--settings");
        argv.add(file.toString());
        return new Prepared(argv, launch.env(), Integration.configured(name(), changed, file.toString()));
    }

    private Map<String, Object> entry(String hook, String command) {
        Map<String, Object> entry = new LinkedHashMap<>();
        if (TOOL_HOOKS.contains(hook)) {
            entry.put("matcher", "*");
        }
        entry.put("hooks", List.of(Map.of("type", "command", "command", command,
                "timeout", hook.equals("PermissionRequest") ? permissionWaitS + 10 : 10)));
        return entry;
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
