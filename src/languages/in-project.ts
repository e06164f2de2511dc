import type { ExecSpec } from "../shared/sandbox.js";
import type { ProjectContext } from "../shared/task.js";
import { isInside } from "../shared/is-inside.js";
import { editableSourcePaths, projectSitePackages } from "./python/python-environment.js";

/**
 * A run of a task's tool inside the task's project: the project folder is the working folder
 * (see `ExecSpec.projectRoot`), and Python finds the project's modules from the root, its
 * installed packages in the project's virtualenv, and the project itself where the virtualenv
 * has it installed in editable mode.
 */
export function inProject(spec: ExecSpec, project: ProjectContext | undefined): ExecSpec {
  if (!project) return spec;
  const sitePackages = projectSitePackages(project.root);
  const env = { ...spec.env };
  const editable = editableSourcePaths(project.root, sitePackages);
  const path = [...(env.PYTHONPATH ?? ".").split(":"), ...sitePackages, ...editable].filter((dir, i, all) => dir && all.indexOf(dir) === i);
  env.PYTHONPATH = path.join(":");
  const outside = sitePackages.filter((dir) => !isInside(project.root, dir));
  return {
    ...spec,
    env,
    projectRoot: project.root,
    ...(outside.length > 0 ? { readOnlyPaths: [...(spec.readOnlyPaths ?? []), ...outside] } : {}),
  };
}
