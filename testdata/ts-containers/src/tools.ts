export interface ToolContext {
  tags?: import('./services').PageTagService;
}

export function listVia(context: ToolContext) { // @def(listVia, "listVia")
  return context.tags!.list("p"); // @site(viaList, "list") @call(listVia, tagList, viaList)
}
