class OutOfStock(Exception):
    pass


class Inventory:
    def __init__(self, reorder_level=5):
        self.reorder_level = reorder_level
        self.stock = {}

    def receive(self, sku, qty):
        self.stock[sku] = self.stock.get(sku, 0) + qty

    def ship(self, sku, qty):
        have = self.stock.get(sku, 0)
        if qty > have:
            raise OutOfStock(sku)
        self.stock[sku] = have - qty

    def count(self, sku):
        return self.stock.get(sku, 0)

    def to_reorder(self):
        return sorted(sku for sku, qty in self.stock.items() if qty < self.reorder_level)
