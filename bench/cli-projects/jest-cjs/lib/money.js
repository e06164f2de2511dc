'use strict';

/** Rounds to cents, half away from zero. */
function roundCents(amount) {
  const sign = amount < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(amount) * 100)) / 100;
}

function formatMoney(amount, currency = 'EUR') {
  const symbols = { EUR: '€', USD: '$', GBP: '£' };
  const symbol = symbols[currency];
  if (symbol === undefined) throw new Error(`unknown currency: ${currency}`);
  return `${amount < 0 ? '-' : ''}${symbol}${Math.abs(roundCents(amount)).toFixed(2)}`;
}

module.exports = { roundCents, formatMoney };
