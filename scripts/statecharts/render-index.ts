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

/**
 * One block per flow: its hand-written walk-through, or a note that it has
 * none yet, so a missing story is visible rather than silently absent.
 */
function walkthroughLines(charts: ChartModel[], walkthroughs: ReadonlyMap<string, string>): string[] {
  return charts.flatMap((chart) => [
    `### ${chart.id}`,
    '',
    `Diagram and tables: [${chart.id}.md](${chart.id}.md).`,
    '',
    walkthroughs.get(chart.id) ?? `No walk-through yet: write one in \`walkthroughs/${chart.id}.md\`.`,
    '',
  ]);
}

export function renderIndex(charts: ChartModel[], walkthroughs: ReadonlyMap<string, string> = new Map()): string {
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
    '## Walk-throughs',
    '',
    'What a reviewer can try on each screen and what should happen, state by state. These are written by hand in',
    '`docs/statecharts/walkthroughs/<machine id>.md` and copied here by the generator.',
    '',
    ...walkthroughLines(charts, walkthroughs),
  ].join('\n');
}
