from node import Node
from reverse_linked_list import reverse_linked_list


def values(node):
    out = []
    while node:
        out.append(node.value)
        node = node.successor
    return out


def test_five_nodes():
    node1 = Node(1)
    node2 = Node(2, node1)
    node3 = Node(3, node2)
    node4 = Node(4, node3)
    node5 = Node(5, node4)
    result = reverse_linked_list(node5)
    assert result is node1
    assert values(result) == [1, 2, 3, 4, 5]


def test_one_node():
    node = Node(0)
    assert reverse_linked_list(node) is node


def test_empty():
    assert reverse_linked_list(None) is None
