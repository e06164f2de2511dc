from shipping.quote import quote


def test_quote(parcel):
    weight, price = parcel
    assert quote(weight) == price
