import { Runnable } from "@langchain/core/runnables";

/**
 * A function as a Runnable that LangGraph calls as it is. Given a plain function (a node or a
 * conditional edge), LangGraph wraps it in a RunnableCallable, and every call of that
 * configures a callback manager and makes a langsmith RunTree to carry the config in
 * AsyncLocalStorage, with or without tracing: about a tenth of the loop's cost per step.
 * Only for functions that need none of it: they read the state they are given and make no
 * LangChain call and no `interrupt()` (a model called inside would not be parented to the
 * node's run). Named as LangGraph names it: `condition` for a route, the node's name for a node.
 */
export class PlainRunnable<I, O> extends Runnable<I, O> {
  lc_namespace = ["mendloop", "agent"];

  constructor(
    name: string,
    private readonly run: (input: I) => O | Promise<O>,
  ) {
    super();
    this.name = name;
  }

  override async invoke(input: I): Promise<O> {
    return this.run(input);
  }
}
