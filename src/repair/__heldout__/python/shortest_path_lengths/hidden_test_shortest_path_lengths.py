import random
from shortest_path_lengths import shortest_path_lengths


def bellman_ford(n, edges, source):
    dist = [float("inf")] * n
    dist[source] = 0
    for _ in range(n):
        for (u, v), w in edges.items():
            dist[v] = min(dist[v], dist[u] + w)
    return dist


def test_random_graphs_against_bellman_ford():
    rng = random.Random(27)
    for _ in range(150):
        n = rng.randrange(1, 7)
        edges = {}
        for _ in range(rng.randrange(0, n * n)):
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                edges[(u, v)] = rng.randrange(1, 20)
        result = shortest_path_lengths(n, dict(edges))
        for s in range(n):
            dist = bellman_ford(n, edges, s)
            for t in range(n):
                assert result[s, t] == dist[t]
