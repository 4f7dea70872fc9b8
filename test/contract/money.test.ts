import { describe, expect, it } from 'vitest';
import { majorAmountText, parseMajorAmount } from '../../contract/store/money';

describe('parseMajorAmount', () => {
  it.each([
    ['0.5', 50],
    ['10', 1000],
    ['9.99', 999],
    [' 4.99 ', 499],
  ])('reads %j as %i smallest units', (text, amountMinor) => {
    expect(parseMajorAmount(text, 'USD')).toBe(amountMinor);
  });

  it.each(['9.999', '-1', '1e3', 'abc', '', '.5'])('refuses %j', (text) => {
    expect(parseMajorAmount(text, 'USD')).toBeNull();
  });
});

describe('majorAmountText', () => {
  it.each([
    [999, '9.99'],
    [5, '0.05'],
    [0, '0.00'],
    [123_450, '1234.50'],
  ])('writes %i smallest units as %j', (amountMinor, text) => {
    expect(majorAmountText(amountMinor, 'USD')).toBe(text);
  });
});
