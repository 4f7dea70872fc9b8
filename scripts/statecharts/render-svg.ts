import { instance } from '@viz-js/viz';
import type { ChartModel, ChartState } from './chart-model';

/**
 * Graphviz DOT for a chart, rendered to SVG by Graphviz compiled to WASM (no
 * browser). Composite states are clusters; every cluster has an anchor point
 * (its initial-state dot, or an invisible point for parallel states) so that
 * edges to and from a composite state meet the cluster's border.
 */

// Design-system colours (DESIGN-SYSTEM.md): purple accent, text, muted, surfaces.
const ACCENT = '#7C3AED';
const TEXT = '#0F172A';
const MUTED = '#64748B';
const SURFACE = '#F8FAFC';
const BORDER = '#CBD5E1';

function quote(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`;
}

const anchorId = (state: ChartState) => `${state.id}.__anchor`;

function renderState(state: ChartState, indent: string): string[] {
  if (!state.children.length) {
    const shape = state.transient ? 'shape=diamond, style="filled", fillcolor="#FFFFFF"' : '';
    const final = state.type === 'final' ? 'peripheries=2' : '';
    const attributes = [`label=${quote(state.key)}`, shape, final].filter(Boolean).join(', ');
    return [`${indent}${quote(state.id)} [${attributes}];`];
  }
  const inner = `${indent}  `;
  const anchorStyle = state.initialChildId ? `shape=point, width=0.1, color=${quote(TEXT)}` : 'shape=point, style=invis, width=0.01';
  const lines = [
    `${indent}subgraph ${quote(`cluster_${state.id}`)} {`,
    `${inner}label=${quote(state.type === 'parallel' ? `${state.key} (parallel)` : state.key)};`,
    `${inner}style="rounded,dashed"; color=${quote(BORDER)}; fontcolor=${quote(TEXT)};`,
    `${inner}${quote(anchorId(state))} [label="", ${anchorStyle}];`,
  ];
  if (state.initialChildId) {
    const initial = state.children.find((child) => child.id === state.initialChildId);
    if (initial) lines.push(`${inner}${quote(anchorId(state))} -> ${endpoint(initial)};`);
  }
  for (const child of state.children) lines.push(...renderState(child, inner));
  lines.push(`${indent}}`);
  return lines;
}

function endpoint(state: ChartState): string {
  return quote(state.children.length ? anchorId(state) : state.id);
}

export function renderDot(chart: ChartModel): string {
  const byId = new Map([chart.root, ...chart.states].map((state) => [state.id, state]));
  const lines = [
    `digraph ${quote(chart.id)} {`,
    `  graph [rankdir=LR, compound=true, fontname="Helvetica", fontsize=12, nodesep=0.35, ranksep=0.55, label=${quote(`${chart.id} statechart`)}, labelloc=t, fontcolor=${quote(TEXT)}];`,
    `  node [shape=box, style="rounded,filled", fillcolor=${quote(SURFACE)}, color=${quote(ACCENT)}, fontcolor=${quote(TEXT)}, fontname="Helvetica", fontsize=11];`,
    `  edge [color=${quote(MUTED)}, fontcolor=${quote(TEXT)}, fontname="Helvetica", fontsize=9, arrowsize=0.7];`,
    `  ${quote(anchorId(chart.root))} [label="", shape=point, width=0.12, color=${quote(TEXT)}];`,
  ];
  const initial = chart.root.children.find((child) => child.id === chart.root.initialChildId);
  if (initial) lines.push(`  ${quote(anchorId(chart.root))} -> ${endpoint(initial)};`);
  for (const child of chart.root.children) lines.push(...renderState(child, '  '));
  for (const transition of chart.transitions) {
    const source = byId.get(transition.sourceId);
    if (!source) continue;
    for (const targetId of transition.targetIds.length ? transition.targetIds : [transition.sourceId]) {
      const target = byId.get(targetId);
      if (!target) continue;
      const attributes = [`label=${quote(transition.label)}`];
      if (source.children.length && source !== chart.root) attributes.push(`ltail=${quote(`cluster_${source.id}`)}`);
      if (target.children.length && target !== chart.root && target !== source) attributes.push(`lhead=${quote(`cluster_${target.id}`)}`);
      lines.push(`  ${endpoint(source)} -> ${endpoint(target)} [${attributes.join(', ')}];`);
    }
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

export async function renderSvg(dot: string): Promise<string> {
  const viz = await instance();
  return viz.renderString(dot, { format: 'svg' });
}
