// A bundle shipped beside the Python code: its Reflect.get looks names up in
// JavaScript objects, never in Python's.
function qa(o) {
  return Reflect.get(o, 'get_stats')();  // @mention(workerStats, "'get_stats'")
}
