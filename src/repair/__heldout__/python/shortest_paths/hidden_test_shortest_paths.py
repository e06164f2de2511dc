import random
from shortest_paths import shortest_paths


def reference(source, edges, nodes):
    dist = {v: float("inf") for v in nodes}
    dist[source] = 0
    for _ in range(len(nodes)):
        for (u, v), w in edges.items():
            dist[v] = min(dist[v], dist[u] + w)
    return dist


def test_random_dags():
    rng = random.Random(28)
    for _ in range(300):
        n = rng.randrange(2, 8)
        edges = {(0, v): rng.randrange(1, 10) for v in range(1, n)}
        for _ in range(rng.randrange(0, n * 2)):
            u, v = sorted(rng.sample(range(n), 2))
            edges[(u, v)] = rng.randrange(-5, 10)
        nodes = set(range(n))
        assert shortest_paths(0, dict(edges)) == reference(0, edges, nodes)
