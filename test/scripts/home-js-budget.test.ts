import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { homeScripts, type BundleChunk } from '../../scripts/lib/home-js-budget';

const chunk = (fileName: string, imports: string[] = [], extra: Partial<BundleChunk> = {}): BundleChunk => ({
  fileName,
  code: `export const name = ${JSON.stringify(fileName)};`,
  isEntry: false,
  imports,
  moduleIds: [],
  ...extra,
});

describe('the JavaScript a first load of / runs', () => {
  it("counts the entry, the / route's chunks and what they import, not other pages' chunks", () => {
    const chunks = [
      chunk('assets/index.js', ['assets/framework.js'], { isEntry: true, moduleIds: ['/app/src/main.tsx'] }),
      chunk('assets/framework.js'),
      chunk('assets/home.js', ['assets/section.js', 'assets/framework.js'], { moduleIds: ['/app/src/routes/index.tsx?tsr-split=component---loader'] }),
      chunk('assets/section.js'),
      chunk('assets/messages.js', ['assets/chat.js'], { moduleIds: ['/app/src/routes/messages.tsx?tsr-split=component'] }),
      chunk('assets/chat.js'),
    ];
    const files = homeScripts(chunks).map((script) => script.fileName);
    expect(files.sort()).toEqual(['assets/framework.js', 'assets/home.js', 'assets/index.js', 'assets/section.js']);
  });

  it('sizes each file as gzip -9 of its code, largest first', () => {
    const entry = chunk('assets/index.js', [], { isEntry: true, code: Array.from({ length: 2_000 }, (_, index) => `const v${index} = ${index * 7919};`).join('\n') });
    const home = chunk('assets/home.js', [], { moduleIds: ['/app/src/routes/index.tsx?tsr-split=component'] });
    const scripts = homeScripts([home, entry]);
    expect(scripts.map((script) => script.fileName)).toEqual(['assets/index.js', 'assets/home.js']);
    expect(scripts.map((script) => script.gzipBytes)).toEqual([entry, home].map((file) => gzipSync(file.code, { level: 9 }).length));
  });

  it('refuses to judge a bundle where the / route cannot be found (the figure would leave out the page)', () => {
    expect(() => homeScripts([chunk('assets/index.js', [], { isEntry: true })])).toThrow(/no chunk holds the \/ route/);
  });
});
