from ring import RingBuffer


def test_empty_buffer_has_no_latest():
    assert RingBuffer(3).latest() is None


def test_keeps_items_up_to_capacity():
    ring = RingBuffer(3)
    ring.push("a")
    ring.push("b")
    assert len(ring) == 2
    assert ring.latest() == "b"


def test_drops_the_oldest_when_full():
    ring = RingBuffer(2)
    ring.push(1)
    ring.push(2)
    ring.push(3)
    assert ring.items == [2, 3]
    assert ring.dropped == 1
