import random
from rpn_eval import rpn_eval


def random_expression(rng, depth):
    if depth == 0 or rng.random() < 0.3:
        value = float(rng.randrange(1, 10))
        return [value], str(value)
    left, left_text = random_expression(rng, depth - 1)
    right, right_text = random_expression(rng, depth - 1)
    symbol = rng.choice("+-*")
    return left + right + [symbol], f"({left_text} {symbol} {right_text})"


def test_random_expressions_against_eval():
    rng = random.Random(26)
    for _ in range(400):
        tokens, text = random_expression(rng, 4)
        assert rpn_eval(tokens) == eval(text)


def test_division_order():
    assert rpn_eval([8.0, 2.0, "/"]) == 4.0
    assert rpn_eval([1.0, 4.0, "/"]) == 0.25
