from shortest_path_lengths import shortest_path_lengths

INF = float("inf")


def test_five_nodes():
    graph = {(0, 2): 3, (0, 5): 5, (2, 1): -2, (2, 3): 7, (2, 4): 4, (3, 4): -5, (4, 5): -1}
    result = shortest_path_lengths(6, graph)
    expected = {
        (0, 0): 0, (1, 1): 0, (2, 2): 0, (3, 3): 0, (4, 4): 0, (5, 5): 0, (0, 2): 3, (0, 5): 4, (2, 1): -2,
        (2, 3): 7, (2, 4): 2, (3, 4): -5, (4, 5): -1, (0, 1): 1, (0, 3): 10, (0, 4): 5, (1, 0): INF, (1, 2): INF,
        (1, 3): INF, (1, 4): INF, (1, 5): INF, (2, 0): INF, (2, 5): 1, (3, 0): INF, (3, 1): INF, (3, 2): INF,
        (3, 5): -6, (4, 0): INF, (4, 1): INF, (4, 2): INF, (4, 3): INF, (5, 0): INF, (5, 1): INF, (5, 2): INF,
        (5, 3): INF, (5, 4): INF,
    }
    for path, length in expected.items():
        assert result[path] == length, path


def test_chain():
    result = shortest_path_lengths(4, {(0, 1): 3, (1, 2): 5, (2, 3): -2})
    assert result[0, 3] == 6
    assert result[1, 3] == 3
    assert result[3, 0] == INF
