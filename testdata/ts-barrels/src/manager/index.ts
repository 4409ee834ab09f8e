export { default as PluginManager, default } from "./core";
export * from "./bus";
