import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from './support/test';
import {
  BIO_PAYLOAD,
  BLOG_PAYLOAD,
  CHAT_PAYLOAD,
  HOME_PAYLOAD,
  INTEREST_PAYLOADS,
  NAME_PAYLOADS,
  REGION_PAYLOAD,
  REPORT_PAYLOAD,
  scanDom,
  watchForRuns,
  type DomFindings,
} from './support/xss-corpus';
import { cspProblems, HTML_PAGES } from './support/csp';

// Hardening point 3: payloads saved through the real API into every text a
// member or admin can write, then every screen that shows them is opened in
// Chromium. Each screen is visited twice: once with the page's CSP switched
// off (so the app's own rendering is what is tested: any injected markup would
// run) and once with the CSP on, as a user gets it. Nothing may run, no dialog
// may open, and no live markup from a payload may be in the DOM.

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'e2e-admin-password-2026' };
const DESKTOP = { width: 1280, height: 800 };
const MUMBAI = { latitude: 19.076, longitude: 72.8777 };
const HOME_SETTING_TYPES = { appName: 'string', heroTitle: 'string', heroSubtitle: 'string', featuresTitle: 'string', featuresSubtitle: 'string', stats: 'array', androidApkUrl: 'string' } as const;

interface Member {
  id: string;
  token: string;
}

interface Seeded {
  viewer: Member;
  matched: Member;
  likerA: Member;
  likerB: Member;
  adminToken: string;
  postId: string;
  /** Home settings as they were, restored at the end. */
  originalHome: Record<string, { value: unknown; type: string }>;
}

let api: APIRequestContext;
let seeded: Seeded;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

async function registerPayloadPerson(name: string, offsetMetres: number): Promise<Member> {
  const username = `xss_${Date.now().toString(36)}${Math.floor(Math.random() * 1e5)}`;
  const registered = await ok(
    await api.post('/api/auth/register', { data: { username, email: `${username}@example.com`, password: 'correct-horse-battery', age: 99, gender: 'female', acceptTerms: true } }),
    'register',
  );
  const token = String(registered.token);
  const updated = await ok(
    await api.patch('/api/user/me', {
      headers: bearer(token),
      data: {
        name,
        bio: BIO_PAYLOAD,
        interests: INTEREST_PAYLOADS,
        region: REGION_PAYLOAD,
        location: { latitude: MUMBAI.latitude + offsetMetres / 111_000, longitude: MUMBAI.longitude },
      },
    }),
    'profile update',
  );
  return { id: String((updated.user as { _id: string })._id), token };
}

async function like(from: Member, to: Member) {
  await ok(await api.post('/api/users/like', { headers: bearer(from.token), data: { targetId: to.id } }), 'like');
}

// Sign-ups are limited to 10 an hour per address, and Playwright starts a new
// worker (running beforeAll again) after every failed test: the people are
// made once per server and remembered here; a fresh server rejects the old token.
const PEOPLE_FILE = 'test-results/e2e-xss-people.json';

async function rememberedPeople(): Promise<Pick<Seeded, 'viewer' | 'matched' | 'likerA' | 'likerB'> | null> {
  if (!existsSync(PEOPLE_FILE)) return null;
  const people = JSON.parse(readFileSync(PEOPLE_FILE, 'utf8')) as Pick<Seeded, 'viewer' | 'matched' | 'likerA' | 'likerB'>;
  const me = await api.get('/api/user/me', { headers: bearer(people.viewer.token) });
  return me.ok() ? people : null;
}

async function makePeople(): Promise<Pick<Seeded, 'viewer' | 'matched' | 'likerA' | 'likerB'>> {
  const viewer = await registerPayloadPerson(NAME_PAYLOADS.viewer, 0);
  const matched = await registerPayloadPerson(NAME_PAYLOADS.matched, 1);
  const likerA = await registerPayloadPerson(NAME_PAYLOADS.likerA, 2);
  const likerB = await registerPayloadPerson(NAME_PAYLOADS.likerB, 3);
  // The matched person appears on Matches and Messages; the likers (not yet
  // liked back) come first on Spin because they liked the viewer.
  await like(viewer, matched);
  await like(matched, viewer);
  await like(likerA, viewer);
  await like(likerB, viewer);
  const people = { viewer, matched, likerA, likerB };
  mkdirSync(dirname(PEOPLE_FILE), { recursive: true });
  writeFileSync(PEOPLE_FILE, JSON.stringify(people));
  return people;
}

test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
  const people = (await rememberedPeople()) ?? (await makePeople());

  // A report's words reach the operators' queue; a block puts a payload name in the viewer's Settings.
  // Both are safe to repeat with remembered people: an open report is updated, a block is kept.
  await ok(
    await api.post(`/api/users/${people.likerA.id}/report`, { headers: bearer(people.likerB.token), data: { reason: 'other', details: REPORT_PAYLOAD, block: false } }),
    'report',
  );
  await ok(await api.post(`/api/users/${people.likerB.id}/block`, { headers: bearer(people.viewer.token) }), 'block');

  const admin = await ok(await api.post('/api/admin/login', { data: ADMIN }), 'admin login');
  const adminToken = String(admin.token);
  const created = await ok(await api.post('/api/blog/admin', { headers: bearer(adminToken), data: { ...BLOG_PAYLOAD, published: true, featured: true } }), 'blog create');
  const postId = String((created.post as { _id: string })._id);
  // An update goes through the same sanitising as a create; save the payload again through it.
  await ok(await api.put(`/api/blog/admin/${postId}`, { headers: bearer(adminToken), data: { ...BLOG_PAYLOAD, published: true, featured: true } }), 'blog update');

  const current = await ok(await api.get('/api/config/app', { headers: bearer(adminToken) }), 'settings read');
  const configs = (current.data as { configs: Record<string, { value: unknown; type: string }> }).configs;
  const originalHome = Object.fromEntries(
    Object.keys(HOME_SETTING_TYPES)
      .filter((key) => key in configs && !JSON.stringify(configs[key]?.value).includes('__xss'))
      .map((key) => [key, { value: configs[key]?.value, type: configs[key]?.type ?? 'string' }]),
  );
  const homeUpdate = Object.fromEntries(Object.entries(HOME_PAYLOAD).map(([key, value]) => [key, { value, type: HOME_SETTING_TYPES[key as keyof typeof HOME_SETTING_TYPES] }]));
  await ok(await api.post('/api/config/app', { headers: bearer(adminToken), data: { configs: homeUpdate } }), 'home content update');

  seeded = { ...people, adminToken, postId, originalHome };
});

test.afterAll(async () => {
  // Later browser tests on the same server expect the stock Home and blog.
  if (seeded) {
    await api.delete(`/api/blog/admin/${seeded.postId}`, { headers: bearer(seeded.adminToken) });
    if (Object.keys(seeded.originalHome).length > 0) await api.post('/api/config/app', { headers: bearer(seeded.adminToken), data: { configs: seeded.originalHome } });
  }
  await api.dispose();
});

interface Visit {
  path: string;
  /** A payload that must be on screen as plain text, proving the stored text was rendered. */
  shows?: string;
  /** Something to do once the page is up (typing a chat message). */
  act?: (page: Page) => Promise<void>;
}

type Role = 'visitor' | 'member' | 'admin';

function visitsFor(role: Role): Visit[] {
  const post = `/blog/${seeded.postId}`;
  const publicVisits: Visit[] = [
    { path: '/', shows: HOME_PAYLOAD.heroSubtitle },
    { path: '/blog', shows: BLOG_PAYLOAD.title },
    { path: post, shows: BLOG_PAYLOAD.title },
    { path: '/download' },
    { path: '/features', shows: HOME_PAYLOAD.appName },
    { path: '/no-such-page-xss' },
  ];
  if (role === 'visitor') return publicVisits;
  if (role === 'admin') {
    return [
      { path: '/admin', shows: BLOG_PAYLOAD.title },
      { path: '/admin?tab=content&section=blog', shows: BLOG_PAYLOAD.title },
      { path: '/admin?tab=content&section=home' },
      { path: '/admin/users', shows: NAME_PAYLOADS.likerB },
      { path: '/admin/reports', shows: REPORT_PAYLOAD },
      { path: '/admin/settings' },
      ...publicVisits,
    ];
  }
  return [
    {
      path: '/profile',
      shows: NAME_PAYLOADS.viewer,
      act: async (page) => {
        await page.getByRole('button', { name: 'Settings' }).click();
        await expect(page.getByRole('dialog', { name: 'Settings' }).getByText(NAME_PAYLOADS.likerB, { exact: true })).toBeVisible();
      },
    },
    { path: `/profile/${seeded.matched.id}`, shows: NAME_PAYLOADS.matched },
    // Nobody seeded is 99: the filter leaves the payload people on the first page.
    { path: '/users?minAge=99&maxAge=99', shows: NAME_PAYLOADS.likerA },
    { path: '/radar', shows: NAME_PAYLOADS.matched },
    { path: '/spin', shows: REGION_PAYLOAD },
    { path: '/match', shows: NAME_PAYLOADS.matched },
    {
      path: `/messages?with=${seeded.matched.id}`,
      shows: NAME_PAYLOADS.matched,
      act: async (page) => {
        await page.getByRole('textbox', { name: 'Message' }).fill(CHAT_PAYLOAD);
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        // Messages are stored now: a second visit (CSP on after CSP off) shows the first one's too.
        await expect(page.getByRole('log').getByText(CHAT_PAYLOAD, { exact: true }).last()).toBeVisible();
      },
    },
    { path: `/video-call/${seeded.matched.id}`, shows: NAME_PAYLOADS.matched },
    ...publicVisits,
  ];
}

async function signedInContext(browser: Browser, role: Role, enforceCsp: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: !enforceCsp });
  const token = role === 'member' ? seeded.viewer.token : role === 'admin' ? seeded.adminToken : null;
  if (token) await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [role === 'admin' ? 'admin_token' : 'user_token', token] as const);
  return context;
}

interface ScreenReport {
  path: string;
  findings: DomFindings;
  scriptViolations: string[];
}

async function visitAll(browser: Browser, role: Role, enforceCsp: boolean): Promise<{ runs: string[]; screens: ScreenReport[] }> {
  const context = await signedInContext(browser, role, enforceCsp);
  const record = await watchForRuns(context);
  const page = await context.newPage();
  // A blocked inline script or handler is reported as a violation: it means
  // markup from a payload reached the page, which is a failure too.
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.effectiveDirective.startsWith('script-src') || event.effectiveDirective === 'object-src' || event.effectiveDirective === 'frame-src') {
        void (window as unknown as { __cspViolation: (text: string) => Promise<void> }).__cspViolation(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}: ${event.sample}`);
      }
    });
  });
  const screens: ScreenReport[] = [];
  try {
    for (const visit of visitsFor(role)) {
      violations.length = 0;
      await page.goto(visit.path);
      await expect(page.getByRole('main')).toBeVisible();
      if (visit.shows) await expect(page.getByText(visit.shows, { exact: false }).first()).toBeVisible();
      await visit.act?.(page);
      // Lazy images, effects and timers get a moment to fire any planted handler.
      await page.waitForLoadState('networkidle');
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(400);
      screens.push({ path: visit.path, findings: await scanDom(page), scriptViolations: [...violations] });
      const shot = { '/': 'home', [`/blog/${seeded.postId}`]: 'blog-post', '/profile': 'profile', [`/messages?with=${seeded.matched.id}`]: 'messages' }[visit.path];
      if (shot && enforceCsp) {
        // The sticky header would be drawn mid-page in a full-page shot of a scrolled page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `test-results/screens/xss-${role}-${shot}.png`, fullPage: true });
      }
    }
  } finally {
    await context.close();
  }
  return { runs: record.runs, screens };
}

function problems(screens: ScreenReport[]) {
  return screens
    .map((screen) => ({ path: screen.path, ...Object.fromEntries(Object.entries(screen.findings).filter(([, list]) => (list as string[]).length > 0)), ...(screen.scriptViolations.length ? { scriptViolations: screen.scriptViolations } : {}) }))
    .filter((entry) => Object.keys(entry).length > 1);
}

for (const enforceCsp of [false, true]) {
  for (const role of ['visitor', 'member', 'admin'] as const) {
    test(`${role}: no stored payload runs on any screen (${enforceCsp ? 'CSP on' : 'CSP off, rendering alone'})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const { runs, screens } = await visitAll(browser, role, enforceCsp);
      expect(runs, 'payload hooks called or dialogs opened').toEqual([]);
      expect(problems(screens), 'live markup from a payload in the DOM').toEqual([]);
    });
  }
}

test('every page and error response carries the CSP: no inline script, no plugins, no base, no framing', async ({ request }) => {
  const responses = [
    ...HTML_PAGES.map((path) => ({ path, fetch: () => request.get(path, { headers: { Accept: 'text/html' } }) })),
    { path: '/assets/missing.js (404)', fetch: () => request.get('/assets/missing-file.js') },
    { path: '/api/nothing-here (404)', fetch: () => request.get('/api/nothing-here') },
  ];
  const failures: string[] = [];
  for (const { path, fetch } of responses) {
    const response = await fetch();
    failures.push(...cspProblems(response.headers()['content-security-policy']).map((problem) => `${path}: ${problem}`));
  }
  expect(failures).toEqual([]);
});
