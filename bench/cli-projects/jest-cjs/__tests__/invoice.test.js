const { lineTotal, invoiceTotals } = require('../lib/invoice');

describe('lineTotal', () => {
  it('multiplies price and quantity', () => {
    expect(lineTotal({ unitPrice: 2.5, quantity: 4 })).toBe(10);
  });

  it('applies the discount', () => {
    expect(lineTotal({ unitPrice: 10, quantity: 3, discount: 0.1 })).toBe(27);
  });

  it('refuses negative quantities', () => {
    expect(() => lineTotal({ unitPrice: 1, quantity: -1 })).toThrow(RangeError);
  });
});

describe('invoiceTotals', () => {
  it('adds tax per line category', () => {
    const invoice = {
      country: 'DE',
      lines: [
        { unitPrice: 100, quantity: 1 },
        { unitPrice: 10, quantity: 2, category: 'books' },
      ],
    };
    expect(invoiceTotals(invoice)).toEqual({ net: 120, tax: 20.4, gross: 140.4 });
  });
});
