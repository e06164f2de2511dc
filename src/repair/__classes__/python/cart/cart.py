from attrs import define, field


@define
class Line:
    sku: str
    qty: int
    price: float


@define
class Cart:
    lines: list = field(factory=list)

    def add(self, sku, qty=1, price=0.0):
        for line in self.lines:
            if line.sku == sku:
                line.qty += price
                return
        self.lines.append(Line(sku, qty, price))

    def quantity(self, sku):
        return sum(line.qty for line in self.lines if line.sku == sku)

    def total(self):
        return sum(line.qty * line.price for line in self.lines)
