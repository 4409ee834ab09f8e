class PluginManager {
  gracefulShutdown(): void {} // @def(shutdown, "gracefulShutdown")
}

export default PluginManager;
