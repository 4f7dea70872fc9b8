import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { chromium, type Browser } from 'playwright';
import { CHROMIUM_ARGS } from '../../playwright.config';
import type { PhotosResponse } from '../../contract/photos/photos';
import { buildApp } from '../../server/app';
import { renderAvatarSvg } from '../../server/media/avatar-art';
import { seedDatabase } from '../../server/db/seed/index';
import { percentile, round } from '../lib/stats';
import { scratchPglite } from '../lib/scratch-databases';
import { ensureClientBuild } from './frontend';
import type { BenchPart, PartOutcome } from './part';

// Members' photos (issue 35): how long the server takes to take in a phone's
// 12-megapixel JPEG (sniff, orient, re-encode into every width, store, commit),
// and what a Discover page of 12 cards with photos costs a phone, measured in
// Chromium at 390 px and a device pixel ratio of 3 (an iPhone's), everything
// the page fetched counted as it crossed the wire.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT_DIR = process.env.BENCH_CLIENT_DIR ?? join(ROOT, 'dist/client');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const UPLOADS = 12;
const CARDS = 12;
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3 };

/**
 * A 4000 x 3000 JPEG that compresses like a photo rather than like flat art
 * or pure noise: one of the app's generated portrait scenes, with texture at
 * two scales over it (about 3 MB at quality 90, what a phone's 12-megapixel
 * camera writes; its 640-wide WebP is about 57 KB, its 1080-wide about
 * 190 KB, on the heavy side of real photos).
 */
async function phonePhoto(seed: number): Promise<Buffer> {
  const svg = renderAvatarSvg(`bench-photo-${seed}`, seed % 2 === 0 ? 'feminine' : 'masculine', 2);
  const scene = await sharp(Buffer.from(svg), { density: 1200 })
    .resize(3000, 3000, { fit: 'cover' })
    .extend({ left: 500, right: 500, extendWith: 'mirror' })
    .removeAlpha()
    .png()
    .toBuffer();
  const layer = async (width: number, sigma: number) =>
    sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
      .resize(4000, 3000, { kernel: 'cubic' })
      .png()
      .toBuffer();
  return sharp(scene)
    .composite([
      { input: await layer(800, 40), blend: 'soft-light' },
      { input: await layer(4000, 10), blend: 'soft-light' },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface Member {
  token: string;
}

async function register(baseUrl: string, index: number, gender: 'female' | 'male'): Promise<Member> {
  const username = `bench_photo_${index}_${Math.floor(Math.random() * 1e6)}`;
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'bench-photo-password-2026', age: 30, gender, acceptTerms: true }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return { token: ((await response.json()) as { token: string }).token };
}

async function upload(baseUrl: string, member: Member, jpeg: Buffer): Promise<{ ms: number; answer: PhotosResponse }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/user/me/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(jpeg),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${text}`);
  return { ms, answer: JSON.parse(text) as PhotosResponse };
}

interface PageBytes {
  images: number;
  imageCount: number;
  api: number;
  other: number;
  widthsFetched: string[];
}

/** Loads Discover signed in as `viewer` on a phone and adds up every response's bytes on the wire, by kind. */
async function discoverOnAPhone(browser: Browser, baseUrl: string, viewer: Member): Promise<PageBytes> {
  const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height }, deviceScaleFactor: PHONE.deviceScaleFactor });
  try {
    await context.addInitScript((token) => window.localStorage.setItem('user_token', token), viewer.token);
    const page = await context.newPage();
    const sizes: Array<Promise<{ kind: 'images' | 'api' | 'other'; bytes: number; path: string }>> = [];
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      const kind = path.startsWith('/api/photos/') ? 'images' : path.startsWith('/api/') ? 'api' : 'other';
      sizes.push(request.sizes().then((size) => ({ kind, bytes: size.responseBodySize + size.responseHeadersSize, path })));
    });
    await page.goto(`${baseUrl}/users`, { waitUntil: 'networkidle' });
    // Lazy images below the fold load as the member scrolls: a whole page of cards is what a member looks through.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState('networkidle');
    const done = await Promise.all(sizes);
    const sum = (kind: 'images' | 'api' | 'other') => done.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.bytes, 0);
    const images = done.filter((entry) => entry.kind === 'images');
    return {
      images: sum('images'),
      imageCount: images.length,
      api: sum('api'),
      other: sum('other'),
      widthsFetched: [...new Set(images.map((entry) => entry.path.split('/').pop() ?? ''))].sort(),
    };
  } finally {
    await context.close();
  }
}

export const photosPart: BenchPart = {
  name: 'photos',
  measures: ['server/photos', 'src', 'package-lock.json', 'bench/parts/photos.ts'],
  description: `the server's time to take in a 12-megapixel JPEG, and a Discover page of ${CARDS} cards with photos on a phone (390 px, DPR 3)`,
  weight: 0.5,
  async run(context): Promise<PartOutcome> {
    ensureClientBuild((message) => context.log(message));
    const scratch = await scratchPglite();
    const dataDir = mkdtempSync(join(tmpdir(), 'orbit-bench-photos-'));
    let browser: Browser | undefined;
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      // No demo people: the page must be 12 members with uploaded photos, not generated avatars.
      await seedDatabase(scratch.connection.db, { demo: false });
      app = await buildApp({
        config: { jwtSecret: 'bench-photos-secret-not-used-for-anything-real', mfaSecretKey: 'bench-mfa-key-not-used-for-anything-real', dataDir, databaseUrl: undefined, registrationsPerHour: 1000 },
        database: scratch.connection,
        clientDir: CLIENT_DIR,
        rateLimits: { photoUpload: { max: 10_000, windowMs: 60_000 } },
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('The server did not report a TCP port');
      const baseUrl = `http://127.0.0.1:${address.port}`;

      context.log('  making 12-megapixel test photos...');
      const photos = await Promise.all(Array.from({ length: 4 }, (_, index) => phonePhoto(index)));
      const photoBytes = photos.map((photo) => photo.length);

      const viewer = await register(baseUrl, 0, 'male');
      const members = await Promise.all(Array.from({ length: CARDS }, (_, index) => register(baseUrl, index + 1, 'female')));
      // One unmeasured upload warms sharp and the route.
      await upload(baseUrl, viewer, photos[0] as Buffer);
      const timings: number[] = [];
      let storedBytes: number[] = [];
      for (const [index, member] of members.entries()) {
        const { ms, answer } = await upload(baseUrl, member, photos[index % photos.length] as Buffer);
        timings.push(ms);
        if (index === 0) {
          const first = answer.photos[0];
          if (first) {
            storedBytes = await Promise.all(
              ['160', '320', '640', '1080'].map(async (width) => (await fetch(`${baseUrl}/api/photos/${first.id}/${width}.webp`)).arrayBuffer().then((body) => body.byteLength)),
            );
          }
        }
      }
      for (let extra = 0; extra < UPLOADS - members.length && performance.now() < context.deadline; extra += 1) {
        timings.push((await upload(baseUrl, viewer, photos[extra % photos.length] as Buffer)).ms);
      }
      const sorted = [...timings].sort((a, b) => a - b);

      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      await discoverOnAPhone(browser, baseUrl, viewer); // warms the server; the measured load below starts from a cold browser
      const page = await discoverOnAPhone(browser, baseUrl, viewer);
      const kb = (bytes: number) => round(bytes / 1024, 1);

      return {
        table: {
          headers: ['measure', 'value'],
          rows: [
            ['12 MP JPEG uploads timed', sorted.length],
            ['upload server time median ms', round(percentile(sorted, 50), 0)],
            ['upload server time p95 ms', round(percentile(sorted, 95), 0)],
            ['upload server time worst ms', round(sorted[sorted.length - 1] ?? Number.NaN, 0)],
            ['test JPEG size KB (4 photos)', photoBytes.map(kb).join(', ')],
            ['stored WebP KB at 160 / 320 / 640 / 1080 px', storedBytes.map(kb).join(' / ')],
            [`Discover on a phone: photo bytes KB (${page.imageCount} images)`, kb(page.images)],
            ['Discover on a phone: photo widths fetched', page.widthsFetched.join(', ')],
            ['Discover on a phone: API answers KB', kb(page.api)],
            ['Discover on a phone: app files KB (cold cache)', kb(page.other)],
          ],
        },
        notes: [
          `server: buildApp on ${baseUrl}, scratch PGlite without demo people, photos stored under a scratch DATA_DIR; ${CARDS} members with one photo each, seen by a ${CARDS + 1}th`,
          'upload server time: from the first byte sent to the whole answer over loopback, one upload at a time (the answer comes after the files are stored and the transaction committed)',
          `phone: Chromium at ${PHONE.width} x ${PHONE.height} CSS px, device pixel ratio ${PHONE.deviceScaleFactor}, a fresh context (nothing cached); bytes are headers plus bodies as sent (compressed where the server compresses), the page scrolled to the end so every lazy image loads`,
        ],
        data: { uploadMs: timings, photoBytes, storedBytes, discoverOnAPhone: page },
      };
    } finally {
      await browser?.close().catch(() => {});
      if (app) await app.close().catch(() => {});
      else await scratch.dispose().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
