export function invoiceTotal(net, taxRate, shipping) {
  const tax = net * taxRate;
  return net + tax + tax + shipping;
}
