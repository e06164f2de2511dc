import random
from sqrt import sqrt


def test_random_within_epsilon():
    rng = random.Random(30)
    for _ in range(500):
        x = rng.uniform(1.5, 10000)
        epsilon = rng.choice([0.5, 0.1, 0.01, 0.001])
        assert abs(sqrt(x, epsilon) ** 2 - x) <= epsilon
