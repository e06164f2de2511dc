from node import Node
from topological_ordering import topological_ordering


def link(edges, names):
    nodes = {name: Node(name) for name in names}
    for a, b in edges:
        nodes[a].outgoing_nodes.append(nodes[b])
        nodes[b].incoming_nodes.append(nodes[a])
    return list(nodes.values())


def order(edges, names):
    return [node.value for node in topological_ordering(link(edges, names))]


def test_wikipedia_example():
    edges = [(5, 11), (7, 11), (7, 8), (3, 8), (3, 10), (11, 2), (11, 9), (11, 10), (8, 9)]
    assert order(edges, [5, 7, 3, 11, 8, 2, 9, 10]) == [5, 7, 3, 11, 8, 10, 2, 9]


def test_four_nodes():
    assert order([("a", "b"), ("a", "c"), ("b", "d"), ("c", "d")], ["a", "b", "c", "d"]) == ["a", "b", "c", "d"]


def test_chain_of_six():
    edges = [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]
    assert order(edges, [1, 2, 3, 4, 5, 6]) == [1, 2, 3, 4, 5, 6]


def test_diamond_with_tail():
    edges = [("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"), ("d", "e")]
    assert order(edges, ["a", "b", "c", "d", "e"]) == ["a", "b", "c", "d", "e"]
