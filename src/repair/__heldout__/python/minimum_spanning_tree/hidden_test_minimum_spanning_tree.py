import random
from minimum_spanning_tree import minimum_spanning_tree


def kruskal_weight(n, weight_by_edge):
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    total = 0
    for (u, v), w in sorted(weight_by_edge.items(), key=lambda item: item[1]):
        a, b = find(u), find(v)
        if a != b:
            parent[a] = b
            total += w
    return total


def test_random_connected_graphs():
    rng = random.Random(21)
    for _ in range(300):
        n = rng.randrange(2, 9)
        weights = rng.sample(range(1, 200), n * n)
        edges = {}
        for v in range(1, n):
            edges[(rng.randrange(v), v)] = weights.pop()
        for _ in range(rng.randrange(0, n * 2)):
            u, v = rng.sample(range(n), 2)
            if (u, v) not in edges and (v, u) not in edges:
                edges[(u, v)] = weights.pop()
        tree = minimum_spanning_tree(dict(edges))
        assert len(tree) == n - 1
        assert sum(edges[e] for e in tree) == kruskal_weight(n, edges)
