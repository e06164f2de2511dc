'use strict';

const { roundCents } = require('./money');
const { taxRate } = require('./tax');

function lineTotal(line) {
  if (line.quantity < 0) throw new RangeError('quantity must not be negative');
  const gross = line.unitPrice * line.quantity;
  return roundCents(gross * (1 - (line.discount || 0)));
}

function invoiceTotals(invoice) {
  let net = 0;
  let tax = 0;
  for (const line of invoice.lines) {
    const total = lineTotal(line);
    net += total;
    tax += total * taxRate(invoice.country, line.category);
  }
  net = roundCents(net);
  tax = roundCents(tax);
  return { net, tax, gross: roundCents(net + tax) };
}

module.exports = { lineTotal, invoiceTotals };
