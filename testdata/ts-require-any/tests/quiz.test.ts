import { count } from '../src/quiz';

export function direct() { // @def(direct, "direct")
  return count(1); // @site(directCount, "count") @call(direct, count, directCount)
}

// In a TypeScript file require(...) gives any: tsserver follows neither name
// to the module, and lists neither call among count's callers.
export function required() {
  const { count: counted } = require('../src/quiz');
  const quiz = require('../src/quiz');
  quiz.count(2);
  return counted(3);
}
