import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeDirectory } from "./make-directory.js";

const root = mkdtempSync(join(tmpdir(), "mend-make-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("makeDirectory", () => {
  it("makes every missing level, and accepts a folder that exists", () => {
    const deep = join(root, "a", "b", "c");
    makeDirectory(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(() => makeDirectory(deep)).not.toThrow();
  });

  it("refuses a path that is a file, or lies under one", () => {
    const file = join(root, "file.txt");
    writeFileSync(file, "x");
    expect(() => makeDirectory(file)).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
    expect(() => makeDirectory(join(file, "sub"))).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
  });

  it("fails, instead of looping forever as Node's recursive mkdir does, under /proc", () => {
    expect(() => makeDirectory("/proc/mend-no-such/dir")).toThrow(expect.objectContaining({ code: "ENOENT" }));
  });

  it("keeps a .mend folder it makes out of git status, and leaves one the user made alone", () => {
    const project = join(root, "project");
    mkdirSync(project);
    execFileSync("git", ["init", "-q"], { cwd: project });
    writeFileSync(join(project, "app.py"), "x = 1\n");
    makeDirectory(join(project, ".mend", "runs", "20261202-000000-abcdef"));
    writeFileSync(join(project, ".mend", "runs", "20261202-000000-abcdef", "run.json"), "{}");
    const status = execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: project, encoding: "utf8" });
    expect(status.split("\n").filter(Boolean)).toEqual(["?? app.py"]);

    const own = join(root, "own");
    mkdirSync(join(own, ".mend"), { recursive: true });
    makeDirectory(join(own, ".mend", "runs"));
    expect(existsSync(join(own, ".mend", ".gitignore"))).toBe(false);
    expect(readFileSync(join(project, ".mend", ".gitignore"), "utf8")).toContain("*");
  });
});
