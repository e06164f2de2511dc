import random
from possible_change import possible_change


def table(coins, total):
    ways = [1] + [0] * total
    for coin in coins:
        for amount in range(coin, total + 1):
            ways[amount] += ways[amount - coin]
    return ways[total]


def test_random_against_table():
    rng = random.Random(23)
    for _ in range(300):
        coins = rng.sample(range(1, 20), rng.randrange(0, 4))
        total = rng.randrange(0, 40)
        assert possible_change(coins, total) == table(coins, total)
