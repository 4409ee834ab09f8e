export * from './a';
