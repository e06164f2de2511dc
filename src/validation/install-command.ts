import type { Language } from "../shared/language.js";
import type { ProjectContext } from "../shared/task.js";

/**
 * The command that installs `name` into the project with the tool its lock file shows
 * (uv, poetry, pipenv or pip; pnpm, yarn, bun or npm), as a dev dependency when only tests need it.
 */
export function installCommand(language: Language, project: ProjectContext, name: string, forTests: boolean): string {
  const has = (file: string) => project.files.includes(file);
  if (language === "python") {
    if (has("uv.lock")) return `uv add ${forTests ? "--dev " : ""}${name}`;
    if (has("poetry.lock")) return `poetry add ${forTests ? "--group dev " : ""}${name}`;
    if (has("Pipfile")) return `pipenv install ${forTests ? "--dev " : ""}${name}`;
    return `pip install ${name}`;
  }
  if (has("pnpm-lock.yaml")) return `pnpm add ${forTests ? "-D " : ""}${name}`;
  if (has("yarn.lock")) return `yarn add ${forTests ? "--dev " : ""}${name}`;
  if (has("bun.lockb") || has("bun.lock")) return `bun add ${forTests ? "-d " : ""}${name}`;
  return `npm install ${forTests ? "--save-dev " : ""}${name}`;
}

/** The package a bare import specifier names: `@scope/pkg/sub` -> `@scope/pkg`, `pkg/sub` -> `pkg`. */
export function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
