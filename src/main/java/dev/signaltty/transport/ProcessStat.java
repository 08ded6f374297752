package dev.signaltty.transport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What {@code /proc/PID/stat} says of a process that the daemon's restart in place needs (ADR 0810, ADR 0870):
 * its state letter (R, S, D, T for stopped, Z for a zombie, …), its parent, its session and its controlling
 * terminal (0: none).
 */
public record ProcessStat(long pid, char state, long ppid, long session, long ttyNr) {

    private static final Path PROC = Path.of("/proc");

    /** True while stopped (by a signal, or traced). */
    public boolean stopped() {
        return state == 'T' || state == 't';
    }

    /** The process's stat, empty when there is no such process (or it went while being read). */
    public static Optional<ProcessStat> of(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"));
            // after the name, which may hold spaces and parentheses: state, ppid, pgrp, session, tty_nr
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Optional.of(new ProcessStat(pid, f[0].charAt(0), Long.parseLong(f[1]), Long.parseLong(f[3]),
                    Long.parseLong(f[4])));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The children of process {@code parent}. */
    public static List<ProcessStat> childrenOf(long parent) throws IOException {
        List<ProcessStat> children = new ArrayList<>();
        try (Stream<Path> procs = Files.list(PROC)) {
            for (Path proc : procs.toList()) {
                String name = proc.getFileName().toString();
                if (!name.isEmpty() && name.chars().allMatch(Character::isDigit)) {
                    of(Long.parseLong(name)).filter(p -> p.ppid() == parent).ifPresent(children::add);
                }
            }
        }
        return children;
    }
}
