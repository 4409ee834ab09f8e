import 'reflect-metadata';
import { container } from 'tsyringe';

export const TOKENS = {
  Env: Symbol('Env'),
} as const;

export { container };
