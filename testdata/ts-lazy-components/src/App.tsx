import { lazy } from "./react";
import { Home } from "./pages/Home";

// A route-level component loaded on demand: <JoinFamily /> renders the
// lazy wrapper, which tsserver lists under no function of the page.
const JoinFamily = lazy(() => import("./pages/JoinFamily"));

export function App() { // @def(app, "App")
  return (
    <div>
      <Home /> {/* @site(h1, "Home") @call(app, home, h1) */}
      <JoinFamily />
    </div>
  );
}
