from breadth_first_search import breadth_first_search
from node import Node


def test_strongly_connected():
    station1, station2, station3 = Node("Westminster"), Node("Waterloo"), Node("Trafalgar Square")
    station4, station5, station6 = Node("Canary Wharf"), Node("London Bridge"), Node("Tottenham Court Road")
    station1.successors = [station2]
    station2.successors = [station3, station4]
    station3.successors = [station5]
    station4.successors = [station5, station6]
    assert breadth_first_search(station1, station6)


def test_branching():
    nodef, nodee, noded = Node("F"), Node("E"), Node("D")
    nodec = Node("C", None, [nodef])
    nodeb = Node("B", None, [nodee])
    nodea = Node("A", None, [nodeb, nodec, noded])
    assert breadth_first_search(nodea, nodee)


def test_unreachable():
    nodef, nodee, noded = Node("F"), Node("E"), Node("D")
    nodec = Node("C", None, [nodef])
    nodeb = Node("B", None, [nodee])
    nodea = Node("A", None, [nodeb, nodec, noded])
    assert not breadth_first_search(nodef, nodea)


def test_same_node():
    nodef = Node("F")
    assert breadth_first_search(nodef, nodef)


def test_graph_with_cycles():
    nodes = [Node(i) for i in range(4)]
    nodes[0].successors = [nodes[1]]
    nodes[1].successors = [nodes[2], nodes[0]]
    nodes[2].successors = [nodes[0]]
    assert not breadth_first_search(nodes[0], nodes[3])
