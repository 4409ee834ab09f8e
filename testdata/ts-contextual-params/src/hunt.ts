import type { IGuestTask } from './task';

export const huntTask: Task = {
  type: 'hunt',
  async run(data: { n: number }, { user, count }) { // @def(huntRun, "run")
    user.greet(); // @site(h1, "greet") @call(huntRun, memberGreet, h1)
  },
  check(data, { user: leader }) { // @def(huntCheck, "check")
    return leader.isTrusted(); // @site(h2, "isTrusted") @call(huntCheck, isTrusted, h2)
  },
};

export const visitTask: IGuestTask = {
  run(data, { user }) { // @def(visitRun, "run")
    user.greet(); // @site(v1, "greet") @call(visitRun, guestGreet, v1)
  },
};

export const untyped = {
  run(data: any, { user }: any) { // @def(untypedRun, "run")
    user.greet();
  },
};
