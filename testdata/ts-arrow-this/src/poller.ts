export class Poller {
  start(): void { // @def(start, "start")
    const tick = async (): Promise<void> => { // @def(tick, "tick")
      await this.poll(); // @site(pollSite, "poll") @call(tick, poll, pollSite)
    };
    void tick(); // @site(tickCall, "tick") @call(start, tick, tickCall)
  }

  async poll(): Promise<void> {} // @def(poll, "poll")
}
