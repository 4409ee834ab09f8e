import { useState } from "./react";
import { DebouncedKeyedScheduler } from "./scheduler";

// The state a state hook gives is of its type argument, else of its
// initial value: the first name of the pattern holds it.
export function Cell(itemId: string): void { // @def(Cell, "Cell")
  const [calendarSyncScheduler] = useState<DebouncedKeyedScheduler>(() => new DebouncedKeyedScheduler());
  const [other, setOther] = useState(() => new DebouncedKeyedScheduler());
  const [third] = useState(new DebouncedKeyedScheduler());
  calendarSyncScheduler.schedule(itemId, () => undefined); // @site(s1, "schedule")
  other.schedule(itemId, () => setOther(other)); // @site(s2, "schedule")
  third.cancelAll(); // @site(c1, "cancelAll") @call(Cell, cancelAll, c1) @call(Cell, schedule, s1, s2)
}
