import type { BrowserContext, Page } from '@playwright/test';

// Stored-XSS payloads, each within the length limit of the field it goes into.
// Every payload that could run calls `__xss('<where>')` or `alert('<where>')`,
// so a run names the field it came from. The hook is a binding the test
// exposes in every frame; a dialog is caught by the page's dialog event.

/** Profile names (at most 50 characters): one per payload person. */
export const NAME_PAYLOADS = {
  matched: `<img src=x onerror=__xss('name-matched')>`,
  likerA: `"><svg onload=__xss('name-likerA')>`,
  likerB: `<script>alert('name-likerB')</script>`,
  viewer: `<a href="javascript:__xss('name-viewer')">me</a>`,
} as const;

/** A bio (at most 500 characters) holding frames, handlers, markdown, template and style tricks. */
export const BIO_PAYLOAD = [
  `<iframe srcdoc="<script>parent.__xss('bio-srcdoc')</script>"></iframe>`,
  `<details open ontoggle=__xss('bio-details')>`,
  `[click](javascript:__xss('bio-md-link')) ![x](javascript:__xss('bio-md-img'))`,
  `<math><mtext><table><mglyph><style><img src=x onerror=__xss('bio-mxss')>`,
  `{{constructor.constructor("__xss('bio-template')")()}} \${alert('bio-tpl')}`,
  `' onmouseover='__xss("bio-quote")' x='`,
  `<style>*{background:url("javascript:__xss('bio-style')")}</style>`,
].join(' ');

/** Interests (at most 30 characters each, 10 at most). */
export const INTEREST_PAYLOADS = [
  `<img src=x onerror=__xss(1)>`,
  `"><script>__xss(2)</script>`,
  `javascript:__xss('interest')`,
  `<svg/onload=alert('int')>`,
  `{{7*7}}\${alert('tpl')}`,
];

/** A region (at most 80 characters). */
export const REGION_PAYLOAD = `</title><script>__xss('region')</script><b onclick=__xss('r')>`;

/** A chat message typed into Messages. */
export const CHAT_PAYLOAD = `<img src=x onerror=__xss('chat')> <a href="javascript:alert('chat')">tap</a> "><svg onload=alert('chat2')>`;

/** A report's details (at most 1000 characters), which operators read on Member reports. */
export const REPORT_PAYLOAD = `</td><img src=x onerror=__xss('report')> <script>__xss('report-script')</script> <a href="javascript:alert('report')">proof</a>`;

/** A blog post as the admin writes it; the body is HTML, so it carries the full range. */
export const BLOG_PAYLOAD = {
  title: `XSS post <img src=x onerror=__xss('blog-title')> "><svg onload=alert('title')>`,
  excerpt: `<script>__xss('blog-excerpt')</script> <a href="javascript:__xss('excerpt-link')">read</a>`,
  content: [
    '<p>Plain paragraph stays.</p>',
    `<script>__xss('body-script')</script>`,
    `<img src=x onerror="__xss('body-img')">`,
    `<svg onload="__xss('body-svg')"><circle r="1"/></svg>`,
    `<a href="javascript:__xss('body-link')">link</a>`,
    `<a href="  JaVaScRiPt:__xss('body-link2')">spaced link</a>`,
    `<img src="javascript:__xss('body-img-src')">`,
    `"><iframe srcdoc="<script>parent.__xss('body-srcdoc')</script>"></iframe>`,
    `<iframe src="javascript:parent.__xss('body-iframe')"></iframe>`,
    `<object data="javascript:__xss('body-object')"></object><embed src="javascript:__xss('body-embed')">`,
    `<form action="javascript:__xss('body-form')"><button formaction="javascript:__xss('body-fa')">go</button></form>`,
    `<math><mtext><table><mglyph><style><img src=x onerror=__xss('body-mxss')></style></mglyph></table></mtext></math>`,
    `<noscript><p title="</noscript><img src=x onerror=__xss('body-noscript')>"></noscript>`,
    `<template><img src=x onerror=__xss('body-template')></template>`,
    `<style>@import 'javascript:__xss("body-style")';</style><div style="background:url(javascript:__xss('body-inline-style'))">styled</div>`,
    `<base href="javascript:__xss('body-base')//"><meta http-equiv="refresh" content="0;url=javascript:__xss('body-meta')">`,
    `<details open ontoggle="__xss('body-details')">d</details><video><source onerror="__xss('body-video')"></video>`,
    `<p>[md](javascript:__xss('body-md'))</p>`,
  ].join('\n'),
  author: `<img src=x onerror=__xss('author')>`,
  category: `<svg onload=__xss('category')>`,
  tags: [`<img src=x onerror=__xss(1)>`, `"><script>__xss(2)</script>`, `javascript:alert('tag')`],
  image: `/x"onerror="__xss('cover')`,
} as const;

/** Home content (SPEC section 3 settings) as the admin saves it. */
export const HOME_PAYLOAD = {
  appName: `<img src=x onerror=__xss('app')>`,
  heroTitle: `<script>__xss('hero-title')</script>Meet`,
  heroSubtitle: `"><img src=x onerror=alert('hero-sub')> <a href="javascript:__xss('hero-link')">x</a>`,
  featuresTitle: `<svg onload=__xss('features-title')>`,
  featuresSubtitle: `{{constructor.constructor("__xss('features-sub')")()}}`,
  stats: [
    { value: `<b onclick=x>1</b>`, label: `<img src=x onerror=__xss('stat')>`, color: 'purple' },
    { value: `"><svg>`, label: `<script>alert('stat')</script>`, color: 'pink' },
  ],
  androidApkUrl: `/"><img/src=x/onerror=__xss('apk')>`,
} as const;

/** What a screen left behind that should never be there (markup from a payload rather than text). */
export interface DomFindings {
  handlerAttributes: string[];
  foreignScripts: string[];
  frames: string[];
  scriptUrls: string[];
  strayElements: string[];
}

/** Records every hook call and dialog in this context; call before opening pages. */
export async function watchForRuns(context: BrowserContext): Promise<{ runs: string[] }> {
  const record = { runs: [] as string[] };
  await context.exposeFunction('__xss', (id: unknown) => {
    record.runs.push(`__xss(${String(id)})`);
  });
  context.on('page', (page) => watchDialogs(page, record));
  for (const page of context.pages()) watchDialogs(page, record);
  return record;
}

function watchDialogs(page: Page, record: { runs: string[] }) {
  page.on('dialog', (dialog) => {
    record.runs.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
}

/** Scans the document (and any same-origin frames) for live markup a payload could have planted. */
export async function scanDom(page: Page): Promise<DomFindings> {
  return page.evaluate(() => {
    const findings = { handlerAttributes: [] as string[], foreignScripts: [] as string[], frames: [] as string[], scriptUrls: [] as string[], strayElements: [] as string[] };
    // React 19 replaces a javascript: URL it is handed with this inert one.
    const reactBlocked = /^javascript:throw new Error\('React has blocked a javascript: URL/;
    const describe = (element: Element) => element.outerHTML.slice(0, 160);
    const scan = (root: Document) => {
      for (const element of Array.from(root.querySelectorAll('*'))) {
        for (const attribute of Array.from(element.attributes)) {
          const name = attribute.name.toLowerCase();
          // URL parsing ignores spaces and control characters, so `java\tscript:` is still javascript:.
          const value = Array.from(attribute.value)
            .filter((character) => character.charCodeAt(0) > 0x20)
            .join('')
            .toLowerCase();
          if (name.startsWith('on')) findings.handlerAttributes.push(describe(element));
          if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc'].includes(name) && (value.startsWith('javascript:') || name === 'srcdoc')) {
            if (!reactBlocked.test(attribute.value)) findings.scriptUrls.push(describe(element));
          }
        }
      }
      for (const script of Array.from(root.querySelectorAll('script'))) {
        const isAppBundle = script.type === 'module' && (script.getAttribute('src') ?? '').startsWith('/assets/');
        if (!isAppBundle && script.type !== 'application/ld+json') findings.foreignScripts.push(describe(script));
      }
      for (const frame of Array.from(root.querySelectorAll('iframe, frame, object, embed'))) findings.frames.push(describe(frame));
      // styled-components' own <style data-styled> tags live in <head>; nothing in <body> should be a style, base or meta tag.
      for (const stray of Array.from(root.querySelectorAll('body style, body base, body meta, body link, base'))) findings.strayElements.push(describe(stray));
    };
    scan(document);
    return findings;
  });
}

export function emptyFindings(findings: DomFindings): boolean {
  return Object.values(findings).every((list: string[]) => list.length === 0);
}
