const { roundCents, formatMoney } = require('../lib/money');

describe('roundCents', () => {
  test('rounds half away from zero', () => {
    expect(roundCents(10.126)).toBe(10.13);
    expect(roundCents(-2.5)).toBe(-2.5);
    expect(roundCents(0.125)).toBe(0.13);
  });
});

describe('formatMoney', () => {
  test.each([
    [12, 'EUR', '€12.00'],
    [3.456, 'USD', '$3.46'],
    [-7.1, 'GBP', '-£7.10'],
  ])('formatMoney(%p, %p) is %p', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  test('rejects an unknown currency', () => {
    expect(() => formatMoney(1, 'XYZ')).toThrow('unknown currency');
  });
});
