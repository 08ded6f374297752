package dev.signaltty.agent.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON an agent's permission hook prints on stdout to carry a decision back to it. */
final class NativeVerdicts {

    private NativeVerdicts() {
    }

    /** Claude Code PermissionRequest: {@code hookSpecificOutput.decision.behavior} allow or deny. */
    static Map<String, Object> claudePermission(String optionId) {
        Map<String, Object> decision = new LinkedHashMap<>();
        if ("allow_once".equals(optionId)) {
            decision.put("behavior", "allow");
        } else {
            decision.put("behavior", "deny");
            decision.put("message", "Denied from signaltty");
        }
        Map<String, Object> specific = new LinkedHashMap<>();
        specific.put("hookEventName", "PermissionRequest");
        specific.put("decision", decision);
        return Map.of("hookSpecificOutput", specific);
    }
}
