import PluginManager from "./manager";
import { EventBus } from "./manager";

let instance: PluginManager | null = null;

export function destroy(): void { // @def(destroy, "destroy")
  instance?.gracefulShutdown(); // @site(destroyShutdown, "gracefulShutdown") @call(destroy, shutdown, destroyShutdown)
}

export function announce(bus: EventBus): void { // @def(announce, "announce")
  bus.publish("ready"); // @site(announcePublish, "publish") @call(announce, publish, announcePublish)
}
