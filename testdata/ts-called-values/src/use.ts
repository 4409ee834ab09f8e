import type { Callable, Deps, JQuery, Shell } from "./types.js";

export function make({ getActions, getJQuery, getCallable }: Deps): void { // @def(make, "make")
  const actions = getActions();
  const $ = getJQuery();
  const node = actions.addToggle($("#x"), "n");
  node.on("a"); // @site(on1, "on")
  $("#y").on("b").append(1); // @site(on2, "on") @site(ap1, "append")
  getCallable()("#w").append(2); // @site(ap2, "append") @call(make, append, ap1, ap2)
  getCallable()("#v").on("c"); // @site(on3, "on") @call(make, on, on1, on2, on3)
}

export function render(jq: JQuery, call: Callable): void { // @def(render, "render")
  jq("#y").on("c"); // @site(on4, "on")
  call("#z").on("d"); // @site(on5, "on") @call(render, on, on4, on5)
}

// A field of a function type, destructured.
export function shell({ $ }: Shell): void { // @def(shell, "shell")
  $("#s").on("e"); // @site(on6, "on") @call(shell, on, on6)
}
