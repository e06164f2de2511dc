from detect_cycle import detect_cycle
from node import Node


def chain(count):
    nodes = [Node(i) for i in range(count)]
    for a, b in zip(nodes, nodes[1:]):
        a.successor = b
    return nodes


def test_five_node_cycle():
    nodes = chain(5)
    nodes[-1].successor = nodes[0]
    assert detect_cycle(nodes[0])


def test_two_node_cycle():
    nodes = chain(2)
    nodes[1].successor = nodes[0]
    assert detect_cycle(nodes[0])


def test_five_node_list():
    assert not detect_cycle(chain(5)[0])


def test_four_node_list():
    assert not detect_cycle(chain(4)[0])


def test_two_node_list():
    assert not detect_cycle(chain(2)[0])


def test_single_node():
    assert not detect_cycle(Node(1))


def test_cycle_after_a_tail():
    nodes = chain(6)
    nodes[-1].successor = nodes[3]
    assert detect_cycle(nodes[0])
