import { formatDay } from "@/lib/dates";

export function week(days: Date[]) {  // @def(week, "week")
  const first = formatDay(days[0]);  // @site(w1, "formatDay") @call(week, libFormatDay, w1)
  return days.map(formatDay);
}
