import random
from node import Node
from topological_ordering import topological_ordering


def test_random_dags_are_ordered():
    rng = random.Random(32)
    for _ in range(300):
        n = rng.randrange(1, 10)
        nodes = [Node(i) for i in range(n)]
        for _ in range(rng.randrange(0, n * 2)):
            a, b = sorted(rng.sample(range(n), 2)) if n > 1 else (0, 0)
            if a != b and nodes[b] not in nodes[a].outgoing_nodes:
                nodes[a].outgoing_nodes.append(nodes[b])
                nodes[b].incoming_nodes.append(nodes[a])
        shuffled = rng.sample(nodes, n)
        got = topological_ordering(shuffled)
        assert sorted(node.value for node in got) == list(range(n))
        position = {node: i for i, node in enumerate(got)}
        for node in nodes:
            for nxt in node.outgoing_nodes:
                assert position[node] < position[nxt]
