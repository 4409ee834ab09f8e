import { TipSk } from "./tip";

export function demo(root: ShadowRoot): void { // @def(demo, "demo")
  document.querySelectorAll<TipSk>("tip-sk").forEach((ele) => {
    ele.moveTo(null); // @site(m1, "moveTo")
    ele.reset(); // @site(r1, "reset")
  });
  document.querySelector<TipSk>("tip-sk")!.reset(); // @site(r2, "reset")
  root.querySelector<TipSk>("tip-sk")?.moveTo(1); // @site(m2, "moveTo")
  const all = document.querySelectorAll<TipSk>("tip-sk");
  all[0].reset(); // @site(r3, "reset")
  all.item(1).moveTo(2); // @site(m3, "moveTo") @call(demo, moveTo, m1, m2, m3, m4)
  for (const el of document.querySelectorAll<TipSk>("tip-sk")) {
    el.reset(); // @site(r4, "reset")
  }
  Array.from(document.querySelectorAll<TipSk>("tip-sk")).map((t) => t.reset()); // @site(r5, "reset")
  all.forEach((t) => t.moveTo(3)); // @site(m4, "moveTo") @call(demo, reset, r1, r2, r3, r4, r5)
}

// A NodeList's own members are the platform's, and an untyped query's
// elements are Elements: neither is a TipSk's.
export function other(): void { // @def(other, "other")
  const all = document.querySelectorAll("tip-sk");
  all.forEach((e) => e.remove());
  document.querySelector("div")?.hidePopover();
}
