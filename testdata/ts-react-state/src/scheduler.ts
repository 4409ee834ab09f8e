export class DebouncedKeyedScheduler {
  schedule(key: string, run: () => void): void { // @def(schedule, "schedule")
    void key;
    run();
  }
  cancelAll(): void {} // @def(cancelAll, "cancelAll")
}

export class Other {
  schedule(key: string): void { // @def(otherSchedule, "schedule") @nocallers(otherSchedule)
    void key;
  }
}
