export class BoundedQueue {
  constructor(capacity) {
    this.capacity = capacity;
    this.items = [];
  }

  enqueue(item) {
    if (this.items.length > this.capacity) throw new RangeError("the queue is full");
    this.items.push(item);
    return this.items.length;
  }

  dequeue() {
    if (this.items.length === 0) throw new RangeError("the queue is empty");
    return this.items.shift();
  }

  peek() {
    return this.items[0];
  }
}
