interface Row {
  cells: string[];
}

export function firstCell(rows: Row[]): string {
  const [first] = rows;
  return first.cells[0].trim();
}
