/** Undoes the most recent action: returns it and removes it from history. */
export function undo(history) {
  return history.shift();
}
