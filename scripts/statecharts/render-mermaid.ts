import type { ChartModel, ChartState, ChartTransition } from './chart-model';

/**
 * A Mermaid `stateDiagram-v2` that GitHub renders. Mermaid cannot draw a
 * transition between states inside two different composite states, so each
 * transition is written in the innermost composite holding both ends, and an
 * end buried deeper is drawn at its enclosing composite with the real state
 * named in the label. States are known by their own key where that is unique
 * in the machine (what GitHub then shows), else by their dotted path; a
 * composite state is never aliased, which Mermaid lays out wrongly.
 */

const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classDef', 'style', 'click', 'as', 'scale']);

type IdOf = (state: ChartState) => string;

export function mermaidIds(chart: ChartModel): IdOf {
  const keyCounts = new Map<string, number>();
  for (const state of chart.states) keyCounts.set(state.key, (keyCounts.get(state.key) ?? 0) + 1);
  return (state) => {
    const readable = keyCounts.get(state.key) === 1 ? state.key : state.name.replaceAll('.', '__');
    const id = readable.replace(/[^A-Za-z0-9_]/g, '_');
    return RESERVED.has(id) ? `${id}_state` : id;
  };
}

function cleanLabel(text: string): string {
  // `:` starts a label, `;` ends a statement and `#` starts an entity code.
  return text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();
}

interface Placement {
  containerId: string;
  line: string;
}

function placeTransition(chart: ChartModel, idOf: IdOf, byId: Map<string, ChartState>, transition: ChartTransition, targetId: string): Placement {
  const source = byId.get(transition.sourceId);
  const target = byId.get(targetId);
  if (!source || !target) throw new Error(`Transition ${transition.label} refers to an unknown state`);
  const ancestors = (state: ChartState) => {
    const chain: ChartState[] = [];
    for (let id: string | undefined = state.id; id; id = parentId(chart, id)) chain.unshift(byId.get(id)!);
    return chain;
  };
  const sourceChain = ancestors(source);
  const targetChain = ancestors(target);
  let common = 0;
  while (common < sourceChain.length && common < targetChain.length && sourceChain[common] === targetChain[common]) common++;
  // A self-transition (or one to a descendant) lives in the source's parent block.
  const containerDepth = Math.min(common, sourceChain.length - 1, targetChain.length - 1) - 1;
  const container = sourceChain[Math.max(containerDepth, 0)]!;
  const visibleSource = sourceChain[containerDepth + 1]!;
  const visibleTarget = targetChain[containerDepth + 1]!;
  const notes = [
    visibleSource !== source ? `from ${source.name}` : null,
    visibleTarget !== target ? `to ${target.name}` : null,
  ].filter(Boolean);
  const label = cleanLabel(notes.length ? `${transition.label} (${notes.join(', ')})` : transition.label);
  return { containerId: container.id, line: `${idOf(visibleSource)} --> ${idOf(visibleTarget)} : ${label}` };
}

function parentId(chart: ChartModel, id: string): string | undefined {
  if (id === chart.root.id) return undefined;
  return id.slice(0, id.lastIndexOf('.'));
}

function renderBlock(state: ChartState, idOf: IdOf, placements: Placement[], indent: string): string[] {
  const lines: string[] = [];
  if (state.initialChildId) {
    const initial = state.children.find((child) => child.id === state.initialChildId);
    if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`);
  }
  state.children.forEach((child, index) => {
    if (state.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    const id = idOf(child);
    if (child.children.length) {
      lines.push(`${indent}state ${id} {`, ...renderBlock(child, idOf, placements, `${indent}  `), `${indent}}`);
    } else if (id !== child.key) {
      lines.push(`${indent}state "${child.key}" as ${id}`);
    } else {
      lines.push(`${indent}${id}`);
    }
    if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
  });
  for (const placement of placements) if (placement.containerId === state.id) lines.push(`${indent}${placement.line}`);
  return lines;
}

export function renderMermaid(chart: ChartModel): string {
  const idOf = mermaidIds(chart);
  const byId = new Map([chart.root, ...chart.states].map((state) => [state.id, state]));
  const placements = chart.transitions.flatMap((transition) =>
    (transition.targetIds.length ? transition.targetIds : [transition.sourceId]).map((targetId) =>
      placeTransition(chart, idOf, byId, transition, targetId),
    ),
  );
  return ['stateDiagram-v2', ...renderBlock(chart.root, idOf, placements, '  ')].join('\n');
}
