// What a candidate can change for the candidates after it on a long-lived worker thread: the
// built-ins, the common core modules, the environment, the thread's name and the handles it
// keeps open. A worker takes the state once it booted; after each candidate, a changed state
// means the worker is retired, so the next candidate never sees what this one left. Shared by
// the fast tier's stand-in worker (test-server/stand-in-worker.mjs) and the repair engine's
// (repair-worker.mjs), which load it by the path their runner gives them.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(import.meta.url);

/** Takes the worker's state now (call it once booted); the function returned tells whether it changed since. */
export function watchWorkerState(standIn) {
  /** Objects a candidate could change for the candidates after it: the built-ins and common core modules. */
  const watched = [
    globalThis, Object, Object.prototype, Function.prototype, Array, Array.prototype, String, String.prototype,
    Number, Number.prototype, Boolean.prototype, Symbol, Symbol.prototype, BigInt.prototype, Math, JSON, Reflect,
    Promise, Promise.prototype, Map.prototype, Set.prototype, WeakMap.prototype, WeakSet.prototype, RegExp,
    RegExp.prototype, Date, Date.prototype, Error, Error.prototype, TypeError.prototype, RangeError.prototype,
    ArrayBuffer.prototype, Object.getPrototypeOf(Uint8Array.prototype), Uint8Array.prototype, Buffer, Buffer.prototype,
    console, process, performance, require("node:assert"), require("node:assert/strict"), require("node:fs"),
    require("node:fs/promises"), require("node:path"), require("node:util"), require("node:events"), require("node:os"),
    require("node:child_process"), standIn,
  ];
  settle(watched);
  const baseline = snapshot(watched);
  const baseResources = resources();
  return () => !same(snapshot(watched), baseline) || leftRunning(baseResources);
}

/** Node defines many globals lazily, by a getter that replaces itself on first use: use them all once, so a candidate's first use is no change. */
function settle(watched) {
  for (const object of watched) {
    for (const key of Reflect.ownKeys(object)) {
      try {
        void object[key];
      } catch {}
    }
  }
}

function snapshot(watched) {
  const values = [];
  for (const object of watched) {
    for (const key of Reflect.ownKeys(object)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(object, key);
      values.push(key, descriptor.value, descriptor.get, descriptor.set);
    }
  }
  values.push(JSON.stringify(process.env), threadName());
  return values;
}

/** A candidate can rename its thread (prctl, /proc/thread-self/comm), and tools find leftovers by name. */
function threadName() {
  try {
    return readFileSync("/proc/thread-self/comm", "utf8");
  } catch {
    return "";
  }
}

function same(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Timers, sockets, child processes, pending file operations a candidate left running, by kind; message ports are the worker's own plumbing (its stdout is one). */
function resources() {
  const counts = new Map();
  for (const name of process.getActiveResourcesInfo()) if (name !== "MessagePort") counts.set(name, (counts.get(name) || 0) + 1);
  return counts;
}

/** Compared kind by kind: a request that was in flight at boot must not hide a timer a candidate left. */
function leftRunning(base) {
  for (const [name, count] of resources()) if (count > (base.get(name) || 0)) return true;
  return false;
}
