package lits

// Job's Run has the method set of interface{ Run() }: every call through a
// value of that literal type in this package may run it.
type Job struct{}

func (Job) Run() {} // @def(jobRun, "Run") @callers(jobRun, runAll, runVariadic, runFirst, runMapped, runField, firstField)

// Task's Run is a pointer's: *Task has the literal's methods, and Stop too.
type Task struct{}

func (*Task) Run() {} // @def(taskRun, "Run") @callers(taskRun, runAll, runVariadic, runFirst, runMapped, runField, firstField, runStoppers)

func (*Task) Stop() {}

// Other's Run takes an argument: not interface{ Run() }'s.
type Other struct{}

func (Other) Run(n int) {} // @def(otherRun, "Run") @callers(otherRun)

// runAll ranges over a slice of the literal type: each element's Run.
func runAll(xs []interface{ Run() }) { // @def(runAll, "runAll") @def(litRun, "Run") @callers(litRun, runAll, runVariadic, runFirst, runMapped, runStoppers, runField, firstField)
	for _, x := range xs {
		x.Run() // @site(allRun, "Run") @dispatch(runAll, jobRun, allRun) @dispatch(runAll, taskRun, allRun) @call(runAll, litRun, allRun)
	}
}

// runVariadic ranges over variadic parameters of the literal type.
func runVariadic(xs ...interface{ Run() }) { // @def(runVariadic, "runVariadic")
	for _, x := range xs {
		x.Run() // @site(variadicRun, "Run") @dispatch(runVariadic, jobRun, variadicRun) @dispatch(runVariadic, taskRun, variadicRun) @dispatch(runVariadic, litRun, variadicRun)
	}
}

// runFirst indexes the slice.
func runFirst(xs []interface{ Run() }) { // @def(runFirst, "runFirst")
	xs[0].Run() // @site(firstRun, "Run") @dispatch(runFirst, jobRun, firstRun) @dispatch(runFirst, taskRun, firstRun) @dispatch(runFirst, litRun, firstRun)
}

// runMapped reads a map's values, by key and by range.
func runMapped(m map[string]interface{ Run() }) { // @def(runMapped, "runMapped")
	m["a"].Run() // @site(keyRun, "Run")
	for _, x := range m {
		x.Run() // @site(valueRun, "Run") @dispatch(runMapped, jobRun, keyRun, valueRun) @dispatch(runMapped, taskRun, keyRun, valueRun) @dispatch(runMapped, litRun, keyRun, valueRun)
	}
}

// runStoppers' literal asks for Stop too, which only *Task has.
func runStoppers(xs []interface { // @def(runStoppers, "runStoppers")
	Run()
	Stop()
}) {
	for _, x := range xs {
		x.Run() // @site(stopperRun, "Run") @dispatch(runStoppers, taskRun, stopperRun) @dispatch(runStoppers, litRun, stopperRun)
	}
}

// Holder keeps a slice of the literal type in a field.
type Holder struct {
	jobs []interface{ Run() }
}

func (h Holder) runField() { // @def(runField, "runField")
	for _, j := range h.jobs {
		j.Run() // @site(fieldRun, "Run") @dispatch(runField, jobRun, fieldRun) @dispatch(runField, taskRun, fieldRun) @dispatch(runField, litRun, fieldRun)
	}
}

func (h Holder) firstField() { // @def(firstField, "firstField")
	h.jobs[0].Run() // @site(firstFieldRun, "Run") @dispatch(firstField, jobRun, firstFieldRun) @dispatch(firstField, taskRun, firstFieldRun) @dispatch(firstField, litRun, firstFieldRun)
}
