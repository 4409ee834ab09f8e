import * as React from 'react';
import { Dashboard } from './Dashboard';

// A component rendered as an element is called with its props: tsserver's call
// hierarchy lists Panel as Dashboard's caller at the element's name.
export function Panel() { // @def(Panel, "Panel")
  return (
    <div>
      <Dashboard range="day" /> {/* @site(panelDash, "Dashboard") @call(Panel, Dashboard, panelDash) */}
    </div>
  );
}
