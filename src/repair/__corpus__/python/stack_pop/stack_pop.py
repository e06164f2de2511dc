def drain_queue(queue):
    """Items of queue in arrival order; empties the list."""
    out = []
    while queue:
        out.append(queue.pop())
    return out
