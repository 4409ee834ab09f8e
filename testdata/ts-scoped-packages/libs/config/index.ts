export * from './config-module.config';
