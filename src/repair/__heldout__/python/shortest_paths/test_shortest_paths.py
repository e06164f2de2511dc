from shortest_paths import shortest_paths


def test_graph():
    graph = {("A", "B"): 3, ("A", "C"): 3, ("A", "F"): 5, ("C", "B"): -2, ("C", "D"): 7, ("C", "E"): 4, ("D", "E"): -5, ("E", "F"): -1}
    assert shortest_paths("A", graph) == {"A": 0, "C": 3, "B": 1, "E": 5, "D": 10, "F": 4}


def test_graph_with_one_path():
    graph = {("A", "B"): 1, ("B", "C"): 2, ("C", "D"): 3, ("D", "E"): -1, ("E", "F"): 4}
    assert shortest_paths("A", graph) == {"A": 0, "C": 3, "B": 1, "E": 5, "D": 6, "F": 9}


def test_graph_with_shortcut():
    graph = {("A", "B"): 1, ("B", "C"): 2, ("C", "D"): 3, ("D", "E"): -1, ("E", "F"): 4, ("A", "F"): 4}
    assert shortest_paths("A", graph)["F"] == 4
