export function createState() {  // @def(createState, "createState")
  let conn: number | null = null;
  function helper(): number {  // @def(helper, "helper")
    return 1;
  }
  return {
    connect(id: string): number {  // @def(connect, "connect")
      this.disconnect();  // @site(d1, "disconnect") @call(connect, disconnect, d1)
      setTimeout(() => {
        this.connect(id);  // @site(c1, "connect") @call(connect, connect, c1)
      }, 10);
      return helper() + id.length;  // @site(h1, "helper") @call(connect, helper, h1)
    },
    disconnect(): void {  // @def(disconnect, "disconnect")
      conn = null;
    },
  };
}

export class Other {
  disconnect(): number {  // @def(otherDisconnect, "disconnect")
    return 2;
  }
}

export function use(): number {  // @def(use, "use")
  const state = createState();  // @site(s1, "createState") @call(use, createState, s1)
  return state.connect("x");  // @site(u1, "connect") @call(use, connect, u1)
}
