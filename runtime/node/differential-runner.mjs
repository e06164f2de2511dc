// mendloop differential runner: runs versions of a program on the same inputs and reports what
// each did. The overfitting guard of the offline repair engine compares a candidate fix with the
// original program on inputs derived from the tests. Each version is written over the entry file
// in turn and imported by a fresh Node process (a child of this one), which calls the named
// functions with each input under a per-call time limit (vm's, which interrupts a busy loop) and
// prints what happened: the inspected result and arguments afterwards (a function may change them
// in place), or the error's name; for an object's scenario (a class built, then methods called
// in turn), that for each call, with the inspected object after it. The limit is wall-clock
// time, so a call stopped by it without having used most of it in CPU time was starved by a busy
// machine: it runs again with a longer limit, and reads as "slow" (no evidence either way) if it
// still never gets the CPU time. A version that crashes loses the inputs it did not reach, which
// then read as "killed"; one stopped by the wall clock as "slow".
//
// Usage: node differential-runner.mjs CONFIG.json, in the work folder that holds the program. The
// config names the entry, the versions file ([{id, code}]), the inputs ([{kind, name, args}],
// args a JavaScript array literal; an "object" input also has steps, [{method, args}]), and the
// time limits. Results go to stdout as lines starting with '@@mend '.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inspect } from "node:util";
import vm from "node:vm";

const MARKER = "@@mend ";
/** A starved call is tried again with a limit this many times longer, up to the last. */
const STARVED_RETRY_FACTORS = [1, 4, 16];
const INSPECT = { depth: 8, sorted: true, breakLength: Infinity, maxArrayLength: 500, maxStringLength: 2000, getters: false };

function describe(value) {
  try {
    return inspect(value, INSPECT);
  } catch (error) {
    return "!inspect " + nameOf(error);
  }
}

function nameOf(error) {
  if (error && typeof error === "object" && typeof error.name === "string") return error.name;
  return typeof error;
}

/** Awaits a returned promise, at most `ms`; a promise still pending then reads as a timeout. */
async function settled(value, ms) {
  if (!value || typeof value.then !== "function") return { value };
  let timer;
  const timeout = new Promise((done) => (timer = setTimeout(() => done({ timeout: true }), ms)));
  try {
    return await Promise.race([Promise.resolve(value).then((result) => ({ value: result }), (error) => ({ error })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function call(module, input, ms) {
  const fn = lookup(module, input.name);
  if (typeof fn !== "function") return "!missing";
  const once = input.kind === "object" ? scenarioOnce : callOnce;
  for (const factor of STARVED_RETRY_FACTORS) {
    const outcome = await once(fn, input, ms, factor * ms);
    if (outcome !== "!slow") return outcome;
  }
  return "!slow";
}

/** One call with `wallMs` of wall-clock time; "!timeout" once it has used `ms` of CPU time, "!slow" when it was stopped before. */
async function callOnce(fn, input, ms, wallMs) {
  const args = literals(input.args);
  const ran = await invoke("fn(...args)", { fn, args }, ms, wallMs);
  return "value" in ran ? "=" + describe(ran.value) + " args " + describe(args) : ran.outcome;
}

/**
 * An object's scenario: the class built, then its methods called in turn, each with `wallMs` of
 * wall-clock time; what each did and the object's state after it. A starved call makes the
 * whole scenario "!slow", so that it runs again from a new object.
 */
async function scenarioOnce(cls, input, ms, wallMs) {
  const built = await invoke("new cls(...args)", { cls, args: literals(input.args) }, ms, wallMs);
  if (!("value" in built)) return built.outcome === "!slow" ? "!slow" : "new " + built.outcome;
  const instance = built.value;
  const parts = ["new " + describe(instance)];
  for (const step of input.steps) {
    const method = instance[step.method];
    if (typeof method !== "function") {
      parts.push(step.method + " !missing");
      continue;
    }
    const args = literals(step.args);
    const ran = await invoke("method.apply(instance, args)", { method, instance, args }, ms, wallMs);
    if (!("value" in ran) && ran.outcome === "!slow") return "!slow";
    const said = "value" in ran ? "=" + describe(ran.value) + " args " + describe(args) : ran.outcome;
    parts.push(step.method + " " + said + " state " + describe(instance));
    if (ran.outcome === "!timeout") break;
  }
  return parts.join(" | ");
}

/** The arguments, literals mendloop wrote from the tests' own, built in this realm (`instanceof Array` holds). */
function literals(text) {
  return new Function(`return ${text};`)();
}

/** Runs `code` over `context` in a new vm context: `{ value }`, or `{ outcome }` for an error, a timeout or a starved run. */
async function invoke(code, context, ms, wallMs) {
  const cpu = process.cpuUsage();
  let outcome;
  try {
    outcome = await settled(vm.runInNewContext(code, context, { timeout: wallMs }), wallMs);
  } catch (error) {
    if (error && error.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
      const used = process.cpuUsage(cpu);
      return { outcome: (used.user + used.system) / 1000 < ms / 2 ? "!slow" : "!timeout" };
    }
    return { outcome: "!" + nameOf(error) };
  }
  if (outcome.timeout) return { outcome: "!timeout" };
  if ("error" in outcome) return { outcome: "!" + nameOf(outcome.error) };
  return { value: outcome.value };
}

function lookup(module, name) {
  if (typeof module[name] === "function") return module[name];
  const fallback = module.default;
  if (fallback && typeof fallback[name] === "function") return fallback[name];
  return typeof fallback === "function" && fallback.name === name ? fallback : undefined;
}

async function runVersion(config) {
  const write = process.stdout.write.bind(process.stdout);
  // The program's own output is not what is compared; only marked lines reach the parent.
  console.log = console.info = console.warn = console.error = console.debug = () => {};
  let module;
  let failure;
  try {
    module = await import(pathToFileURL(resolve(config.entry)).href);
  } catch (error) {
    failure = "!import " + nameOf(error);
  }
  for (const [index, input] of config.inputs.entries()) {
    const outcome = failure ?? (await call(module, input, config.callTimeoutMs));
    write(MARKER + JSON.stringify({ index, outcome }) + "\n");
  }
}

function main() {
  const configPath = process.argv[2];
  const config = JSON.parse(readFileSync(configPath, "utf8"));
  const versions = JSON.parse(readFileSync(config.versions, "utf8"));
  const self = fileURLToPath(import.meta.url);
  for (const version of versions) {
    writeFileSync(config.entry, version.code);
    const child = spawnSync(process.execPath, [self, configPath, "--version"], {
      stdio: ["ignore", "pipe", "ignore"],
      timeout: config.versionTimeoutMs,
      maxBuffer: 16 * 1024 * 1024,
    });
    const stopped = child.error && /** @type {NodeJS.ErrnoException} */ (child.error).code === "ETIMEDOUT";
    const outcomes = config.inputs.map(() => (stopped ? "!slow" : "!killed"));
    for (const line of (child.stdout ?? Buffer.alloc(0)).toString("utf8").split("\n")) {
      if (!line.startsWith(MARKER)) continue;
      try {
        const event = JSON.parse(line.slice(MARKER.length));
        outcomes[event.index] = event.outcome;
      } catch {
        // A line cut by a kill: the outcomes before it still count.
      }
    }
    process.stdout.write(MARKER + JSON.stringify({ event: "version", id: version.id, outcomes }) + "\n");
  }
}

if (process.argv[3] === "--version") {
  const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
  await runVersion(config);
  process.exit(0);
} else {
  main();
}
