export * from './c';
