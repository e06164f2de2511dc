class Node:
    """Graph and list node as in QuixBugs' node.py."""

    def __init__(self, value=None, successor=None, successors=None, predecessors=None,
                 incoming_nodes=None, outgoing_nodes=None):
        self.value = value
        self.successor = successor
        self.successors = list(successors or [])
        self.predecessors = list(predecessors or [])
        self.incoming_nodes = list(incoming_nodes or [])
        self.outgoing_nodes = list(outgoing_nodes or [])

    def __repr__(self):
        return f"Node({self.value!r})"
