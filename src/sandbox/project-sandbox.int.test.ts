import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "./create-sandbox.js";

// A project as people have it: a package, a data file, a secret beside the project, and a
// node_modules package linked from another checkout (npm link).
const sandbox = createSandbox({ onWarning: () => {} });
let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "mend-project-"));
  root = join(base, "shop");
  await mkdir(join(root, "shop"), { recursive: true });
  await mkdir(join(root, "data"));
  await mkdir(join(root, "node_modules"));
  await writeFile(join(root, "pyproject.toml"), '[project]\nname = "shop"\n');
  await writeFile(join(root, "shop", "__init__.py"), "");
  await writeFile(join(root, "shop", "rates.py"), "RATE = 2\n");
  await writeFile(join(root, "shop", "price.py"), "from shop.rates import RATE\n\ndef price(x):\n    return x * RATE\n");
  await writeFile(join(root, "data", "cases.json"), "[[1, 2], [3, 6]]");
  await writeFile(join(base, "secret.txt"), "do not read");
  const linked = join(base, "elsewhere", "node_modules", "left-pad");
  await mkdir(linked, { recursive: true });
  await writeFile(join(linked, "package.json"), '{"name": "left-pad", "main": "index.js"}');
  await writeFile(join(linked, "index.js"), "module.exports = (s, n) => String(s).padStart(n);\n");
  await symlink(linked, join(root, "node_modules", "left-pad"));
});

afterAll(async () => {
  await sandbox.close();
  await rm(base, { recursive: true, force: true });
});

describe("a run inside a project", () => {
  it("sees the project at its real path with the candidate laid over it, and nothing beside it", async () => {
    const script = [
      "import json, os",
      "from shop.price import price",
      "cases = json.load(open('data/cases.json'))",
      "out = {'cwd': os.getcwd(), 'prices': [price(a) for a, _ in cases]}",
      "out['secret'] = os.path.exists(os.path.join(os.path.dirname(os.getcwd()), 'secret.txt'))",
      "try:",
      "    open('shop/rates.py', 'w').write('RATE = 0')",
      "    out['changed'] = True",
      "except OSError:",
      "    out['changed'] = False",
      "print(json.dumps(out))",
    ].join("\n");
    const result = await sandbox.run({
      command: ["python3", "-c", script],
      files: { "shop/price.py": "from shop.rates import RATE\n\ndef price(x):\n    return x * RATE + 1\n" },
      env: { PYTHONPATH: "." },
      timeoutMs: 20_000,
      projectRoot: root,
    });
    expect(result.stderr).toBe("");
    const out = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(out).toEqual({ cwd: root, prices: [3, 7], secret: false, changed: false });
    expect(await readFile(join(root, "shop", "rates.py"), "utf8")).toBe("RATE = 2\n");
    expect(await readFile(join(root, "shop", "price.py"), "utf8")).toContain("return x * RATE\n");
  });

  it("lets the program write beside its own files without the writes reaching the project", async () => {
    const result = await sandbox.run({
      command: ["python3", "-c", "open('report.xml', 'w').write('<ok/>')"],
      files: { "main.py": "" },
      timeoutMs: 20_000,
      projectRoot: root,
      collect: ["report.xml"],
    });
    expect(result.reason).toBe("ok");
    expect(result.files?.["report.xml"]).toBe("<ok/>");
    expect((await readdir(root)).sort()).toEqual(["data", "node_modules", "pyproject.toml", "shop"]);
  });

  it("resolves a node_modules package linked from outside the project", async () => {
    const result = await sandbox.run({
      command: ["node", "-e", "console.log(require('left-pad')('x', 3))"],
      files: {},
      timeoutMs: 20_000,
      projectRoot: root,
    });
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("  x\n");
  });
});
