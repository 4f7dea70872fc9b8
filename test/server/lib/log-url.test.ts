import { describe, expect, it } from 'vitest';
import { urlForLog } from '../../../server/lib/log-url';

describe('urlForLog', () => {
  it('keeps URLs without secret parameters exactly as they are', () => {
    for (const url of ['/api/user/me', '/api/discovery?page=2&q=caf%C3%A9', '/reset-password', '/a?b', '/?tokens=1']) expect(urlForLog(url)).toBe(url);
  });

  it('replaces the value of every secret parameter, whatever its case, encoding or repetition', () => {
    expect(urlForLog('/reset-password?token=abc')).toBe('/reset-password?token=redacted');
    expect(urlForLog('/x?Token=abc&token=def&page=1')).toBe('/x?Token=redacted&token=redacted&page=1');
    expect(urlForLog('/x?%74oken=abc')).not.toContain('abc');
    expect(urlForLog('/x?code=123456#token=frag')).toBe('/x?code=redacted');
  });
});
