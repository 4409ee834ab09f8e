// @module(previewModule)
declare function computed<T>(fn: () => T): () => T;

export class ExpensePreview {
  readonly displayItems = computed(() => {
    const list: string[] = [];
    list.push(this.createEmptyItem("empty-1")); // @site(e1, "createEmptyItem") @call(previewModule, createEmpty, e1)
    return list;
  });

  private createEmptyItem(id: string): string { // @def(createEmpty, "createEmptyItem")
    return id;
  }
}

export class ExpenseForm {
  createEmptyItem(id: string): string { // @def(formEmpty, "createEmptyItem") @nocallers(formEmpty)
    return id;
  }
}
