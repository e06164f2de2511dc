class RingBuffer:
    """Keeps the last `capacity` items pushed; older ones are dropped."""

    def __init__(self, capacity):
        self.capacity = capacity
        self.items = []
        self.dropped = 0

    def push(self, item):
        self.items.append(item)
        if len(self.items) >= self.capacity:
            self.items.pop(0)
            self.dropped += 1

    def latest(self):
        return self.items[-1] if self.items else None

    def __len__(self):
        return len(self.items)
