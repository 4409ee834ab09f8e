//go:build race

package embedded

// raceEnabled scales down workloads that the race detector makes tens of
// times slower (the SQLite engine is transpiled C, instrumented throughout).
const raceEnabled = true
