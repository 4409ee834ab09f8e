import type { Guest, Member } from './member';

type RunOptions = {
  user: Member;
  count: number;
};

type ITask = {
  type: string;
  run: (data: any, options: RunOptions) => Promise<void>;
  check(data: any, options: RunOptions): boolean;
};

declare global {
  export type Task = ITask;
}

export type GuestOptions = {
  user: Guest;
};

export interface IGuestTask {
  run(data: any, options: GuestOptions): void;
}
