/** A Postgres URL as it may be shown and saved (in a run's meta, a memory's location): the password never. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, "@");
  }
}
