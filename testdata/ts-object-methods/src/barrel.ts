export { logger } from './logger';
export * from './telemetry';
