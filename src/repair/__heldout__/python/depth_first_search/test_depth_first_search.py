from depth_first_search import depth_first_search
from node import Node


def test_strongly_connected():
    station1, station2, station3 = Node("Westminster"), Node("Waterloo"), Node("Trafalgar Square")
    station4, station5, station6 = Node("Canary Wharf"), Node("London Bridge"), Node("Tottenham Court Road")
    station1.successors = [station2]
    station2.successors = [station3, station4]
    station3.successors = [station5]
    station4.successors = [station5, station6]
    assert depth_first_search(station1, station6)


def test_branching():
    nodef, nodee, noded = Node("F"), Node("E"), Node("D")
    nodec = Node("C", None, [nodef])
    nodeb = Node("B", None, [nodee])
    nodea = Node("A", None, [nodeb, nodec, noded])
    assert depth_first_search(nodea, nodee)


def test_unreachable():
    nodef, nodee, noded = Node("F"), Node("E"), Node("D")
    nodec = Node("C", None, [nodef])
    nodeb = Node("B", None, [nodee])
    nodea = Node("A", None, [nodeb, nodec, noded])
    assert not depth_first_search(nodef, nodea)


def test_same_node():
    nodef = Node("F")
    assert depth_first_search(nodef, nodef)


def test_graph_with_cycles():
    nodef, nodee, noded, nodec, nodeb, nodea = (Node(c) for c in "FEDCBA")
    nodea.successors = [nodeb]
    nodeb.successors = [nodec]
    nodec.successors = [nodea]
    noded.successors = [nodee]
    assert not depth_first_search(nodea, nodef)
