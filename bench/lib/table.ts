/** A plain text table for the terminal: one header row, right-aligned numbers. */
export function formatTable(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)));
  const widths = headers.map((header, column) => Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)));
  const line = (values: readonly string[], numeric: readonly boolean[]) =>
    values.map((value, column) => (numeric[column] ? value.padStart(widths[column] ?? 0) : value.padEnd(widths[column] ?? 0))).join('  ');
  const numericColumns = headers.map((_, column) => rows.every((row) => typeof row[column] === 'number'));
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(headers, headers.map(() => false)), rule, ...cells.map((row) => line(row, numericColumns))].join('\n');
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '-';
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value.toFixed(value < 10 ? 3 : 1);
}

/** The same table as GitHub-flavoured markdown (numbers right-aligned). */
export function formatMarkdownTable(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const numericColumns = headers.map((_, column) => rows.every((row) => typeof row[column] === 'number'));
  const escape = (text: string) => text.replaceAll('|', '\\|');
  const line = (values: readonly string[]) => `| ${values.map(escape).join(' | ')} |`;
  return [
    line(headers),
    `|${numericColumns.map((numeric) => (numeric ? ' ---: ' : ' --- ')).join('|')}|`,
    ...rows.map((row) => line(row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)))),
  ].join('\n');
}
