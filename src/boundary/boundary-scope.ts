import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { registerConfigureHook, setContextVariable } from "@langchain/core/context";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";

/**
 * Runs `action` (a graph's `invoke` or `stream`) so that `handler` sees every LangChain run
 * started inside it, even a model call given a `callbacks` list of its own.
 *
 * Handlers passed in a run's config reach nested runs by inheritance, but LangChain's
 * `ensureConfig` lets a call's own `callbacks` replace the inherited ones: a node calling
 * `model.invoke(messages, { callbacks: [myHandler] })` would hide that call. A configure
 * hook is LangChain's way around this: each time a callback manager is configured, the
 * handler held in the hook's context variable is added to it, whatever callbacks the call
 * was given. Context variables live in LangChain's AsyncLocalStorage and are carried into
 * every runnable started below, so the handler is registered for this scope only: runs
 * started elsewhere (another graph, another boundary) do not see it.
 *
 * The handler's `name` must be unique to it: LangChain adds a hooked handler only when no
 * handler of that name is attached already, which is also what keeps a call from being
 * counted twice when the handler came by inheritance as well.
 */
export function inBoundaryScope<T>(handler: BaseCallbackHandler, action: () => T): T {
  const storage = AsyncLocalStorageProviderSingleton.getInstance();
  // `run` gives the hook and the variable a scope of their own (setContextVariable enters a
  // new store, which outside `run` would outlive the call). It must be handed a store other
  // than the current one: Node runs the callback in the caller's scope when they are the same.
  return storage.run(copyOf(storage.getStore()), () => {
    const variable = `mendloop_boundary_handler:${handler.name}`;
    registerConfigureHook({ contextVar: variable, inheritable: true });
    setContextVariable(variable, handler);
    return action();
  });
}

/** A copy of the current store (a langsmith RunTree keeps its prototype), or an empty one. */
function copyOf(store: unknown): object {
  if (typeof store !== "object" || store === null) return {};
  return Object.assign(Object.create(Object.getPrototypeOf(store) as object | null) as object, store);
}
