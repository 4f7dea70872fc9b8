import type { ChartModel } from './chart-model';
import { GENERATED_NOTICE } from './render-page';

/** docs/statecharts/README.md: the entry point for product reviewers. */

function firstSentence(text: string | null): string {
  if (!text) return 'No description yet.';
  const match = /^(.+?[.!?])(\s|$)/.exec(text);
  return (match?.[1] ?? text).replaceAll('|', '\\|');
}

function delaysSummary(chart: ChartModel): string {
  if (!chart.delays.length) return 'none';
  return chart.delays.map((delay) => `${delay.name} (${delay.ms === null ? 'computed' : `${delay.ms} ms`})`).join(', ');
}

export function renderIndex(charts: ChartModel[]): string {
  const rows = charts.map(
    (chart) =>
      `| [${chart.id}](${chart.id}.md) | ${firstSentence(chart.description)} | ${chart.states.length} | ${delaysSummary(chart)} | [${chart.id}.svg](${chart.id}.svg) |`,
  );
  return [
    `<!-- ${GENERATED_NOTICE} -->`,
    '# Statecharts',
    '',
    'Every flow in the app that has states of its own is an XState machine in `machines/`. Each page below shows',
    'the flow as a diagram (GitHub draws the Mermaid block; the SVG is the same chart drawn by Graphviz), what each',
    'state means, which events move it, and its timers with their durations.',
    '',
    'Regenerate with `npm run statecharts`; `npm run statecharts:check` fails when a page is out of date.',
    '',
    '| Flow | What it covers | States | Timers | Diagram |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
