import random
from node import Node
from reverse_linked_list import reverse_linked_list


def test_random_lengths():
    rng = random.Random(25)
    for _ in range(200):
        items = [rng.randrange(100) for _ in range(rng.randrange(1, 30))]
        head = None
        for item in reversed(items):
            head = Node(item, head)
        node, out = reverse_linked_list(head), []
        while node:
            out.append(node.value)
            node = node.successor
        assert out == items[::-1]
