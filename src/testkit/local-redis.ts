import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./free-port.js";

/** A throwaway `redis-server` on loopback, for tests and benchmarks. */
export interface LocalRedis {
  /** `redis://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** Kills the server (SIGKILL: what a crash looks like to its clients) and starts it again on the same port, its data reloaded. */
  restart(): Promise<void>;
  /** Stops the server for a while: clients see refused connections until `start()`. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the Debian `redis-server` on a free 127.0.0.1 port, persisting to an append-only file in a
 * temporary folder. Throws when the program is missing: tests that need Redis fail, not skip.
 */
export async function startLocalRedis(): Promise<LocalRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "mend-redis-"));
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes", "--appendfsync", "always", "--dir", dir, "--protected-mode", "no"],
      { stdio: "ignore" },
    );
    child = started;
    exited = new Promise((resolve) => started.once("exit", () => resolve()));
    const failed = new Promise<never>((_, reject) =>
      started.once("error", (error) => reject(new Error(`redis-server could not start (apt-get install -y redis-server): ${error.message}`))),
    );
    await Promise.race([waitForPing(port), failed]);
  };
  const kill = async () => {
    child?.kill("SIGKILL");
    await exited;
    child = undefined;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    async restart() {
      await kill();
      await start();
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPing(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ping(port)) return;
    await sleep(50);
  }
  throw new Error(`redis-server on port ${port} did not answer within ${timeoutMs / 1000} s`);
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(1000);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}
