export function pageSize() {
  return settings.pageSize;
}

export const firstPage = pageSize();
const settings = { pageSize: 20 };
