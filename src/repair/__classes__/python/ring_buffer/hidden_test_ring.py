from ring import RingBuffer


def test_full_but_not_over():
    ring = RingBuffer(3)
    for item in "abc":
        ring.push(item)
    assert ring.items == ["a", "b", "c"]
    assert ring.dropped == 0


def test_capacity_one():
    ring = RingBuffer(1)
    ring.push(1)
    ring.push(2)
    assert ring.items == [2]
    assert ring.dropped == 1
