export default function quizClient() {
  return null;
}

export function count(n: number) { // @def(count, "count")
  return n;
}
