import { describe, expect, it } from 'vitest';
import { optionalChoice, optionalInteger, optionalReturnPath, optionalText, optionalUuid, searchReader } from '../../src/search-params';
import { pathAfterSignIn } from '../../src/features/auth/path-after-sign-in';

// The address bar is user input: a bad value reads as "not given", never an error page.
describe('search params', () => {
  it('reads whole numbers in range, as the router parses them or as typed', () => {
    expect(optionalInteger(2, 1)).toBe(2);
    expect(optionalInteger('3', 1)).toBe(3);
    expect(optionalInteger(0, 1)).toBeUndefined();
    expect(optionalInteger(2.5, 1)).toBeUndefined();
    expect(optionalInteger('abc', 1)).toBeUndefined();
    expect(optionalInteger('', 1)).toBeUndefined();
    expect(optionalInteger(100, 18, 99)).toBeUndefined();
    expect(optionalInteger(true, 1)).toBeUndefined();
  });

  it('reads trimmed text within its length limits', () => {
    expect(optionalText('  Dating Tips ', 50)).toBe('Dating Tips');
    expect(optionalText('   ', 50)).toBeUndefined();
    expect(optionalText('', 100, 0)).toBe('');
    expect(optionalText('x'.repeat(51), 50)).toBeUndefined();
    expect(optionalText(42, 50)).toBeUndefined();
  });

  it('reads only the listed choices, exactly as written', () => {
    expect(optionalChoice('vip', ['all', 'banned', 'vip'])).toBe('vip');
    expect(optionalChoice('VIP', ['all', 'banned', 'vip'])).toBeUndefined();
    expect(optionalChoice(['vip'], ['all', 'banned', 'vip'])).toBeUndefined();
  });

  it('reads ids as the API makes them (UUIDs)', () => {
    expect(optionalUuid('5d1f0c2a-8e3b-4c7d-9a6f-1b2c3d4e5f60')).toBe('5d1f0c2a-8e3b-4c7d-9a6f-1b2c3d4e5f60');
    expect(optionalUuid('5D1F0C2A-8E3B-4C7D-9A6F-1B2C3D4E5F60')).toBe('5D1F0C2A-8E3B-4C7D-9A6F-1B2C3D4E5F60');
    for (const bad of ['not-an-id', '5d1f0c2a8e3b4c7d9a6f1b2c3d4e5f60', ' 5d1f0c2a-8e3b-4c7d-9a6f-1b2c3d4e5f60', 42, undefined]) expect(optionalUuid(bad)).toBeUndefined();
  });

  it('builds a route reader that drops what it cannot read', () => {
    const readTab = searchReader((search) => ({ tab: optionalChoice(search.tab, ['user', 'admin']) }));
    expect(readTab({ tab: 'admin' })).toEqual({ tab: 'admin' });
    expect(readTab({ tab: 'root' })).toEqual({ tab: undefined });
  });

  it('reads a return path only when it stays inside this app and is not an auth page', () => {
    expect(optionalReturnPath('/match')).toBe('/match');
    expect(optionalReturnPath('/blog/7?page=2#comments')).toBe('/blog/7?page=2#comments');
    for (const outside of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'match', '', '/a\nb', '/a\u0000b']) {
      expect(optionalReturnPath(outside), outside).toBeUndefined();
    }
    for (const loop of ['/login', '/login?tab=admin', '/register', '/register/']) expect(optionalReturnPath(loop), loop).toBeUndefined();
    expect(optionalReturnPath('/loginx')).toBe('/loginx');
    expect(optionalReturnPath(`/${'x'.repeat(600)}`)).toBeUndefined();
    expect(optionalReturnPath(['/match'])).toBeUndefined();
  });

  it('sends each role back only within its own area, else to the SPEC destination', () => {
    expect(pathAfterSignIn('user', '/match')).toBe('/match');
    expect(pathAfterSignIn('user', undefined)).toBe('/');
    expect(pathAfterSignIn('user', '/admin/users')).toBe('/');
    expect(pathAfterSignIn('user', '//evil.example')).toBe('/');
    expect(pathAfterSignIn('user', '/administrator')).toBe('/administrator');
    expect(pathAfterSignIn('admin', '/admin/users?status=banned')).toBe('/admin/users?status=banned');
    expect(pathAfterSignIn('admin', '/admin')).toBe('/admin');
    expect(pathAfterSignIn('admin', '/match')).toBe('/admin');
    expect(pathAfterSignIn('admin', undefined)).toBe('/admin');
  });
});
