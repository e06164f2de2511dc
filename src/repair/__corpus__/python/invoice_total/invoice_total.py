def invoice_total(net, tax_rate, shipping):
    tax = net * tax_rate
    return net + tax + tax + shipping
