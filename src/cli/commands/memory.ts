import type { Command } from "commander";
import { readFileSync, writeFileSync } from "node:fs";
import { UsageError } from "../../errors/usage-error.js";
import { defaultMemoryPath } from "../../memory/default-memory-path.js";
import type { MemoryEntry } from "../../memory/memory-entry.js";
import { memoryFileSchema } from "../../memory/memory-file-schema.js";
import type { MemoryStore } from "../../memory/memory-store.js";
import { openMemoryStore } from "../../memory/open-memory-store.js";
import { createOutput } from "../output.js";

interface MemoryCommandFlags {
  memory: string;
  json?: boolean;
}

/** `mend memory list | show ID | forget ID | clear | export FILE | import FILE`: the error -> fix memory. */
export function registerMemory(program: Command): void {
  const memory = program
    .command("memory")
    .summary("list, show, forget, clear, export or import the error -> fix memory")
    .description(
      "The error -> fix memory: verified fixes that `mend run` and `mend repair` recorded, recalled when a similar failure comes up. " +
        "Each sub-command takes --memory PATH (default: the user's data folder; a postgres://USER@HOST:PORT/DB URL for a memory shared in Postgres) and --json.",
    )
    .addHelpText("after", "\nExamples:\n  mend memory list\n  mend memory show 3f2a9c01b4de\n  mend memory export fixes.json --memory team.sqlite");

  subcommand(memory, "list", "every remembered fix, most recently used first").action((flags: MemoryCommandFlags) =>
    withStore(flags, { create: false }, async (store, output) => {
      const entries = await store.list();
      output.result({ path: store.location, entries }, () => (entries.length ? entries.map(listLine).join("\n") : `(no fixes remembered in ${store.location})`));
    }),
  );

  subcommand(memory, "show", "one remembered fix: the failure, the diff, what made it")
    .argument("<id>", "the fix's id (or a unique prefix of at least 4 characters)")
    .action((id: string, flags: MemoryCommandFlags) =>
      withStore(flags, { create: false }, async (store, output) => {
        const entry = await store.get(id);
        if (!entry) throw new UsageError(`no remembered fix ${id} in ${store.location} (mend memory list shows the ids)`);
        output.result({ path: store.location, entry }, () => showText(entry));
      }),
    );

  subcommand(memory, "forget", "drop one remembered fix")
    .argument("<id>", "the fix's id")
    .action((id: string, flags: MemoryCommandFlags) =>
      withStore(flags, { create: false }, async (store, output) => {
        const entry = await store.get(id);
        if (!entry || !(await store.forget(entry.id))) throw new UsageError(`no remembered fix ${id} in ${store.location} (mend memory list shows the ids)`);
        output.result({ path: store.location, forgotten: entry.id }, () => `forgot ${entry.id}`);
      }),
    );

  subcommand(memory, "clear", "drop every remembered fix").action((flags: MemoryCommandFlags) =>
    withStore(flags, { create: false }, async (store, output) => {
      const cleared = await store.clear();
      output.result({ path: store.location, cleared }, () => `cleared ${cleared} fix${cleared === 1 ? "" : "es"} from ${store.location}`);
    }),
  );

  subcommand(memory, "export", "write every remembered fix to FILE (JSON)")
    .argument("<file>", "the JSON file to write")
    .action((file: string, flags: MemoryCommandFlags) =>
      withStore(flags, { create: false }, async (store, output) => {
        const exported = await store.export();
        try {
          writeFileSync(file, `${JSON.stringify(exported, null, 2)}\n`);
        } catch (error) {
          throw new UsageError(`cannot write ${file}: ${(error as Error).message}`);
        }
        const count = exported.entries.length;
        output.result({ path: store.location, file, exported: count }, () => `exported ${count} fix${count === 1 ? "" : "es"} to ${file}`);
      }),
    );

  subcommand(memory, "import", "add the fixes of FILE (a `mend memory export`); a malformed file adds nothing")
    .argument("<file>", "the JSON file to read")
    .action((file: string, flags: MemoryCommandFlags) => {
      // Checked whole before the memory is touched: a file that is wrong anywhere adds nothing.
      const parsed = readMemoryFile(file);
      return withStore(flags, { create: true }, async (store, output) => {
        const imported = await store.import(parsed);
        output.result({ path: store.location, file, imported }, () => `imported ${imported} fix${imported === 1 ? "" : "es"} into ${store.location}`);
      });
    });
}

function subcommand(parent: Command, name: string, summary: string): Command {
  return parent
    .command(name)
    .summary(summary)
    .description(summary)
    .option("--memory <path>", "the memory: a SQLite file, or a postgres:// URL", defaultMemoryPath())
    .option("--json", "print exactly one JSON object on stdout");
}

async function withStore(
  flags: MemoryCommandFlags,
  options: { create: boolean },
  work: (store: MemoryStore, output: ReturnType<typeof createOutput>) => Promise<void>,
): Promise<void> {
  const output = createOutput(flags.json ?? false);
  const store = await openMemoryStore(flags.memory, options);
  try {
    await work(store, output);
  } finally {
    await store.close();
  }
}

function readMemoryFile(file: string) {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new UsageError(`cannot import ${file}: ${(error as Error).message}; nothing imported`);
  }
  const parsed = memoryFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
    throw new UsageError(`${file} is not a mend memory export (${where}${issue.message}); nothing imported`);
  }
  return parsed.data;
}

function listLine(entry: MemoryEntry): string {
  const use = `used ${entry.timesUsed}, helped ${entry.timesHelped}`;
  return `${entry.id}  ${entry.language.padEnd(10)} ${entry.errorType.padEnd(10)} ${use.padEnd(20)} ${entry.madeBy.padEnd(24)} ${oneLine(entry.summary)}`;
}

function showText(entry: MemoryEntry): string {
  return [
    `id          ${entry.id}`,
    `language    ${entry.language}`,
    `error       ${entry.errorType}: ${oneLine(entry.summary)}`,
    `signature   ${entry.signature}`,
    `made by     ${entry.madeBy} (verified)`,
    `used        ${entry.timesUsed} times, helped ${entry.timesHelped}, last ${entry.lastUsed}`,
    `recorded    ${entry.createdAt}`,
    "",
    entry.diff,
  ].join("\n");
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 100 ? `${line.slice(0, 97)}...` : line;
}
