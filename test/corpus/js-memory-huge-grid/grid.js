export function makeGrid(size) {
  const cells = new Array(size * size).fill(0);
  return { size, cells };
}

export const cell = (grid, row, col) => grid.cells[row * grid.size + col];
