import random
from shunting_yard import shunting_yard


def eval_rpn(tokens):
    stack = []
    for token in tokens:
        if isinstance(token, int):
            stack.append(token)
        else:
            b, a = stack.pop(), stack.pop()
            stack.append({"+": a + b, "-": a - b, "*": a * b}[token])
    return stack.pop()


def test_random_expressions_against_eval():
    rng = random.Random(29)
    for _ in range(400):
        tokens = [rng.randrange(1, 20)]
        for _ in range(rng.randrange(0, 8)):
            tokens += [rng.choice("+-*"), rng.randrange(1, 20)]
        rpn = shunting_yard(list(tokens))
        assert len(rpn) == len(tokens)
        assert eval_rpn(rpn) == eval(" ".join(map(str, tokens)))
