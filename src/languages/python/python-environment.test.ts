import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { editableSourcePaths, projectSitePackages } from "./python-environment.js";

let root: string;
let site: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mend-pyenv-"));
  mkdirSync(join(root, ".venv", "lib", "python3.11", "site-packages"), { recursive: true });
  writeFileSync(join(root, ".venv", "pyvenv.cfg"), "home = /usr/bin\n");
  site = join(root, ".venv", "lib", "python3.11", "site-packages");
  mkdirSync(join(root, "src"));
  mkdirSync(join(root, "packages", "core"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("editableSourcePaths", () => {
  it("finds the project folders the venv's .pth files name, absolute or relative to site-packages", () => {
    writeFileSync(join(site, "__editable__.shop-0.1.0.pth"), `${join(root, "src")}\n`);
    writeFileSync(join(site, "_core.pth"), "# hatch\n../../../../packages/core\n");
    const sites = projectSitePackages(root, "");
    expect(sites).toEqual([site]);
    expect(editableSourcePaths(root, sites)).toEqual([join(root, "src"), join(root, "packages", "core")]);
  });

  it("runs no import line, and leaves out folders outside the project and folders that do not exist", () => {
    const outside = mkdtempSync(join(tmpdir(), "mend-pyenv-outside-"));
    try {
      writeFileSync(join(site, "__editable__.flat-0.1.0.pth"), "import __editable___flat_0_1_0_finder; __editable___flat_0_1_0_finder.install()\n");
      writeFileSync(join(site, "distutils-precedence.pth"), "import os; var = 'SETUPTOOLS_USE_DISTUTILS'\n");
      writeFileSync(join(site, "other.pth"), `${outside}\n${join(root, "gone")}\n`);
      expect(editableSourcePaths(root, [site])).toEqual([]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
