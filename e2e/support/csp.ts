// What the CSP on every response must say (hardening point 3): scripts only
// from the site itself, never inline; no plugins, no <base>, no framing.

/** Every route of the spec's route table as an HTML page, plus an unknown path and the shell itself. */
export const HTML_PAGES = [
  '/',
  '/login',
  '/register',
  '/users',
  '/radar',
  '/spin',
  '/match',
  '/messages',
  '/messaging',
  '/profile',
  '/video-call',
  '/live-stream',
  '/blog',
  '/blog/some-post',
  '/store',
  '/coins',
  '/vip',
  '/pricing',
  '/features',
  '/download',
  '/admin',
  '/admin/users',
  '/admin/catalogue',
  '/admin/settings',
  '/admin/withdrawals',
  '/no-such-page',
  '/index.html',
];

export function directives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name = '', ...values]) => [name.toLowerCase(), values]),
  );
}

/** What is wrong with one response's Content-Security-Policy header (nothing: an empty list). */
export function cspProblems(header: string | undefined): string[] {
  if (!header) return ['no Content-Security-Policy header'];
  const problems: string[] = [];
  const policy = directives(header);
  const scriptSources = policy.get('script-src') ?? policy.get('default-src') ?? [];
  if (scriptSources.length === 0) problems.push('no script-src');
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    if (scriptSources.includes(unsafe)) problems.push(`script-src allows ${unsafe}`);
  }
  if (policy.get('script-src-attr')?.includes("'unsafe-inline'")) problems.push("script-src-attr allows 'unsafe-inline'");
  for (const [name, wanted] of [
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
  ] as const) {
    if (policy.get(name)?.join(' ') !== wanted) problems.push(`${name} is ${policy.get(name)?.join(' ') ?? 'missing'}, not ${wanted}`);
  }
  return problems;
}
