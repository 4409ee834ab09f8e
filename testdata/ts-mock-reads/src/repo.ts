export class UserRepo {
  save(name: string): void { // @def(save, "save")
    console.log(name);
  }

  load(id: string): string { // @def(load, "load")
    return id;
  }

  remove(id: string): void { // @def(remove, "remove") @nocallers(remove)
    console.log(id);
  }
}
