/**
 * The offline engine's wall-clock budget per failing program unless told otherwise (`mend
 * --offline-seconds S`, `createAgent({ offlineBudgetMs })`, `repairOffline({ timeBudgetMs })`):
 * one figure everywhere, with a model or without. Long enough for most one-edit bugs of the
 * corpus, short enough that a program the engine cannot fix costs a run little.
 */
export const DEFAULT_OFFLINE_BUDGET_MS = 10_000;
