import pytest

from python_programs.node import Node

if pytest.use_correct:
    from correct_python_programs.detect_cycle import detect_cycle
else:
    from python_programs.detect_cycle import detect_cycle


node1 = Node(1)
node2 = Node(2, node1)
node3 = Node(3, node2)
node4 = Node(4, node3)
node5 = Node(5, node4)


def test1():
    """Case 1: 5-node list input with no cycle"""
    assert not detect_cycle(node5)


def test2():
    """Case 2: 5-node list input with cycle"""
    node1.successor = node5
    assert detect_cycle(node5)
    node1.successor = None


def test3():
    """Case 3: 2-node list with cycle"""
    node = Node(1)
    other = Node(2, node)
    node.successor = other
    assert detect_cycle(other)


def test4():
    """Case 4: 2-node list with no cycle"""
    node6 = Node(6)
    node7 = Node(7, node6)
    assert not detect_cycle(node7)


def test5():
    """Case 5: 1-node list"""
    node = Node(0)
    assert not detect_cycle(node)


def test6():
    """Case 6: 5-node list input with cycle"""
    node = Node(1)
    node.successor = node
    assert detect_cycle(node)
