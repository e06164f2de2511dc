import { Runnable } from "@langchain/core/runnables";

/**
 * A conditional edge's decision as a Runnable that LangGraph calls as it is. Given a plain
 * function, LangGraph wraps it in a RunnableLambda, and every call of that opens a callback
 * run (run ids, chain start and end for every handler) and makes a langsmith RunTree to carry
 * the config in AsyncLocalStorage, with or without tracing: about a tenth of the loop's cost
 * per step. The loop's routes only read the state they are given (no model call, no config,
 * no `interrupt`), so they need none of it. Named `condition`, as LangGraph names a function.
 */
export class PlainRoute<I, O> extends Runnable<I, O> {
  lc_namespace = ["mendloop", "agent"];

  constructor(private readonly decide: (input: I) => O) {
    super();
    this.name = "condition";
  }

  override async invoke(input: I): Promise<O> {
    return this.decide(input);
  }
}
