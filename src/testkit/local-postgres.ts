import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.js";

/** A throwaway PostgreSQL cluster on loopback, for tests and benchmarks. */
export interface LocalPostgres {
  /** `postgres://mend@127.0.0.1:PORT/postgres` (trust authentication, loopback only). */
  url: string;
  port: number;
  /** Stops the server at once (`immediate`: a crash as its clients see it) and starts it again, data kept. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `initdb` + `pg_ctl start` of the installed PostgreSQL (Debian's `postgresql` package) on a
 * free 127.0.0.1 port in a temporary folder, fsync off (the OS still holds what was written, so a
 * server crash loses nothing; only a machine crash would). Commits stay synchronous: with
 * `synchronous_commit=off` an `immediate` restart drops the last commits a client was told were
 * stored, which no real server does, and the restart test lost the run's first row that way.
 * PostgreSQL refuses to run as root, so
 * as root the cluster belongs to the `postgres` user the package creates. Throws when
 * PostgreSQL is missing: tests that need it fail, not skip.
 */
export async function startLocalPostgres(): Promise<LocalPostgres> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "mend-postgres-"));
  const data = join(dir, "data");
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const owner = userIds("postgres");
    chownSync(dir, owner.uid, owner.gid);
    chmodSync(dir, 0o700);
  }
  const run = (program: string, args: string[]) => {
    const argv = asRoot ? ["runuser", "-u", "postgres", "--", join(bin, program), ...args] : [join(bin, program), ...args];
    const result = spawnSync(argv[0], argv.slice(1), { encoding: "utf8", cwd: dir, timeout: 120_000 });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout || result.error?.message}`);
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "mend", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "60", "start"]);
  const stopNow = () => run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
  start();
  return {
    url: `postgres://mend@127.0.0.1:${port}/postgres`,
    port,
    async restart() {
      stopNow();
      start();
    },
    async stop() {
      if (existsSync(join(data, "postmaster.pid"))) stopNow();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The newest installed server's `bin` folder (`/usr/lib/postgresql/<major>/bin` on Debian). */
function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, "bin", "initdb"))) : [];
  if (majors.length === 0) throw new Error("PostgreSQL is not installed (apt-get install -y postgresql): no /usr/lib/postgresql/*/bin/initdb");
  majors.sort((a, b) => Number(b) - Number(a));
  return join(root, majors[0], "bin");
}

function userIds(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, name], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}
