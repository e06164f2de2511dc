const { taxRate } = require('../lib/tax');

test('standard and reduced rates', () => {
  expect(taxRate('FR')).toBe(0.2);
  expect(taxRate('NL', 'food')).toBe(0.09);
});

test('unknown country', () => {
  expect(() => taxRate('XX')).toThrow(/no tax rates/);
});
