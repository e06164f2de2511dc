import assert from "node:assert/strict";
import { once } from "node:events";
import { connect } from "node:net";
import { test } from "node:test";
import { Worker } from "node:worker_threads";

test("a worker thread runs", async () => {
  const worker = new Worker("require('node:worker_threads').parentPort.postMessage(6 * 7)", { eval: true });
  const [value] = await once(worker, "message");
  assert.equal(value, 42);
  await worker.terminate();
});

test("connecting to a loopback port fails before any packet is sent", async () => {
  const error = await new Promise((resolve) => {
    const socket = connect(__PORT__, "127.0.0.1", () => {
      socket.end();
      resolve(null);
    });
    socket.on("error", resolve);
  });
  assert.equal(error?.code, "EPERM");
});
