import random
from to_base import to_base


def test_round_trips_through_int():
    rng = random.Random(31)
    for _ in range(600):
        num, b = rng.randrange(1, 10**9), rng.randrange(2, 37)
        text = to_base(num, b)
        assert int(text, b) == num
        assert text[0] != "0"
