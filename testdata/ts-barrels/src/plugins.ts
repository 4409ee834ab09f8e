import { PluginManager } from "./manager";

export function stop(manager: PluginManager): void { // @def(stop, "stop")
  manager.gracefulShutdown(); // @site(stopShutdown, "gracefulShutdown") @call(stop, shutdown, stopShutdown)
}
