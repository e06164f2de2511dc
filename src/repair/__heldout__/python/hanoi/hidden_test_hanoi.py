import itertools
from hanoi import hanoi


def test_moves_solve_the_puzzle():
    for height in range(0, 9):
        for start, end in itertools.permutations([1, 2, 3], 2):
            pegs = {1: [], 2: [], 3: []}
            pegs[start] = list(range(height, 0, -1))
            steps = hanoi(height, start, end)
            assert len(steps) == 2 ** height - 1
            for a, b in steps:
                disk = pegs[a].pop()
                assert not pegs[b] or pegs[b][-1] > disk
                pegs[b].append(disk)
            assert pegs[end] == list(range(height, 0, -1))
