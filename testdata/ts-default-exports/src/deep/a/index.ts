export * from './b';
