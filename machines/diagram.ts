import type { AnyStateMachine, AnyStateNode } from 'xstate';

type Def = { eventType: string; target?: readonly AnyStateNode[]; guard?: { type?: string } | string; actions?: readonly unknown[] };

const guardName = (g: Def['guard']) => (typeof g === 'string' ? g : (g?.type ?? ''));
const id = (name: string) => name.replace(/[^A-Za-z0-9]/g, '_');

/**
 * A Mermaid state diagram of a flat machine, drawn from its definition: one arrow per guarded transition
 * (`EVENT [guard]`). Transitions without a target (actions offered in place) are listed per state.
 */
export function mermaidDiagram(machine: AnyStateMachine): { diagram: string; offered: Record<string, string[]> } {
  const lines = ['stateDiagram-v2', `  [*] --> ${id(String(machine.root.initial?.target?.[0]?.key ?? ''))}`];
  const offered: Record<string, string[]> = {};
  const nodes = Object.values(machine.root.states) as AnyStateNode[];
  // Names that are not Mermaid ids are declared before any arrow uses them.
  for (const node of nodes) if (node.key !== id(node.key)) lines.splice(1, 0, `  state "${node.key}" as ${id(node.key)}`);
  for (const node of nodes) {
    for (const [, defs] of node.transitions) {
      for (const def of defs as Def[]) {
        const label = `${def.eventType}${guardName(def.guard) ? ` [${guardName(def.guard)}]` : ''}`;
        const target = def.target?.[0];
        if (target) lines.push(`  ${id(node.key)} --> ${id(target.key)}: ${label}`);
        else (offered[node.key] ??= []).push(label);
      }
    }
  }
  return { diagram: lines.join('\n'), offered };
}
