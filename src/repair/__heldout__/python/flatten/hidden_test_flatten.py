import random
from flatten import flatten


def reference(arr):
    out = []
    for x in arr:
        out.extend(reference(x) if isinstance(x, list) else [x])
    return out


def nested(rng, depth):
    items = []
    for _ in range(rng.randrange(0, 5)):
        if depth < 4 and rng.random() < 0.4:
            items.append(nested(rng, depth + 1))
        else:
            items.append(rng.choice([rng.randrange(100), "s", None, (1, 2)]))
    return items


def test_random_nesting():
    rng = random.Random(9)
    for _ in range(300):
        arr = nested(rng, 0)
        assert list(flatten(arr)) == reference(arr)
