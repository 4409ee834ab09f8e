import { tools, toolList, type Tool } from "./tools";

export async function dispatch(name: string, args: unknown) { // @def(dispatch, "dispatch")
  const tool = tools[name];
  if (!tool) return undefined;
  return await tool.execute(args); // @site(d1, "execute") @dispatch(dispatch, listExecute, d1)
}

function keep(t: Tool): boolean {
  return t.name !== "";
}

function register(name: string, fn: (i: unknown) => Promise<unknown>) {
  return [name, fn];
}

export function serve() { // @def(serve, "serve")
  for (const tool of toolList.filter(keep)) {
    register(tool.name, async (input: unknown) => {
      const out = await tool.execute(input || {}); // @site(s1, "execute") @dispatch(serve, listExecute, s1)
      return out;
    });
  }
}

export function first() { // @def(first, "first")
  return toolList[0]?.execute({}); // @site(f1, "execute") @dispatch(first, listExecute, f1)
}
