import { launch, launchRenamed } from "../fixtures/app.js";

export async function destructured(page) { // @def(destructured, "destructured")
  const { app } = await launch(page);
  await app.cleanup(); // @site(c1, "cleanup") @call(destructured, cleanup, c1)
}

export async function member(page) { // @def(member, "member")
  const launched = await launch(page);
  await launched.app.cleanup(); // @site(c2, "cleanup") @call(member, cleanup, c2)
}

export async function renamed(page) { // @def(renamed, "renamed")
  const { app } = await launchRenamed(page);
  await app.cleanup(); // @site(c3, "cleanup") @call(renamed, cleanup, c3)
}
