import random
from wrap import wrap


def test_random_text_keeps_every_character():
    rng = random.Random(33)
    for _ in range(400):
        words = ["".join(rng.choice("abc") for _ in range(rng.randrange(1, 9))) for _ in range(rng.randrange(1, 15))]
        text = " ".join(words)
        cols = rng.randrange(9, 30)
        lines = wrap(text, cols)
        assert "".join(lines) == text
        assert all(len(line) <= cols for line in lines)
        assert all(lines)
