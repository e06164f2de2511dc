/** Adds item at the back of the queue and returns the queue. */
export function enqueue(queue, item) {
  queue.unshift(item);
  return queue;
}

export function drain(queue) {
  const out = [];
  while (queue.length > 0) out.push(queue.shift());
  return out;
}
