/**
 * Launch integrations: one small adapter class per agent (how to recognise its executable, how to
 * configure its hooks before it starts, its resume command). See ADR-0014 and ADR-0080.
 */
@NullMarked
package dev.signaltty.agent.internal.integration;

import org.jspecify.annotations.NullMarked;
