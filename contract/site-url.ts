/**
 * A link Orbit stores and later puts in a page (the APK download, a blog
 * image): an absolute http(s) URL, or a path on this site. Browsers read a
 * backslash as a slash, so `/\evil.example/app.apk` would leave the site:
 * backslashes are refused anywhere, as the web app's own link checks do.
 */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
const WEB_URL = /^https?:\/\/[^\s\\]+$/i;

export function isSitePathOrWebUrl(value: string): boolean {
  return SITE_PATH.test(value) || WEB_URL.test(value);
}
