'use strict';

const RATES = {
  DE: { standard: 0.19, reduced: 0.07 },
  FR: { standard: 0.2, reduced: 0.055 },
  NL: { standard: 0.21, reduced: 0.09 },
};

function taxRate(country, category = 'standard') {
  const rates = RATES[country];
  if (!rates) throw new Error(`no tax rates for ${country}`);
  return category === 'food' || category === 'books' ? rates.reduced : rates.standard;
}

module.exports = { taxRate, RATES };
