from minimum_spanning_tree import minimum_spanning_tree


def test_four_nodes():
    assert minimum_spanning_tree({
        (1, 2): 10, (2, 3): 15, (3, 4): 10, (1, 4): 10,
    }) == {(1, 2), (3, 4), (1, 4)}


def test_graph_with_six_edges():
    assert minimum_spanning_tree({
        (1, 2): 6, (1, 3): 1, (1, 4): 5, (2, 3): 5, (2, 5): 3, (3, 4): 5, (3, 5): 6, (3, 6): 4, (4, 6): 2, (5, 6): 6,
    }) == {(2, 5), (1, 3), (2, 3), (4, 6), (3, 6)}


def test_triangle():
    assert minimum_spanning_tree({(0, 1): 17, (1, 2): 12, (0, 2): 9}) == {(1, 2), (0, 2)}
