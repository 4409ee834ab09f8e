export interface Tool {
  name: string;
  execute: (input: any) => Promise<unknown>;
}

const listTool: Tool = {
  name: "list",
  async execute() { // @def(listExecute, "execute")
    return [];
  },
};

const getTool: Tool = {
  name: "get",
  execute: async (input: { id: string }) => input.id,
};

export const tools: Record<string, Tool> = {
  [listTool.name]: listTool,
  [getTool.name]: getTool,
};

export const toolList: Tool[] = Object.values(tools);

export class Job {
  execute(): number { // @def(jobExecute, "execute") @nocallers(jobExecute)
    return 1;
  }
}
