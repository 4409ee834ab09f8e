// Functions and methods used as values (issue 15): gopls lists every such
// reference as an incoming call of the function.
package server

import "net/http"

type Server struct {
	mux    *http.ServeMux
	onDone func()
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {} // @def(handle, "handle")

func (s *Server) finish() {} // @def(finish, "finish")

func cleanup() {} // @def(cleanup, "cleanup")

func register(f func()) {}

// A handler registered by value is a reference where it is written, as
// gopls lists it: the reference, precise, wins over the registration.
func (s *Server) Routes() { // @def(routes, "Routes")
	s.mux.HandleFunc("/", s.handle) // @site(routesReg, "handle") @ref(routes, handle, routesReg)
	register(s.finish)              // @site(routesFinish, "finish") @ref(routes, finish, routesFinish)
}

// Stored in a struct literal, assigned to a field, passed bare, returned.
func New() *Server { // @def(newServer, "New")
	s := &Server{mux: http.NewServeMux()}
	s.onDone = s.finish              // @site(newFinish, "finish") @ref(newServer, finish, newFinish)
	register(cleanup)                // @site(newCleanup, "cleanup")
	other := Server{onDone: cleanup} // @site(newCleanup2, "cleanup") @ref(newServer, cleanup, newCleanup, newCleanup2)
	_ = other
	return s
}

func pick() func() { // @def(pick, "pick")
	return cleanup // @site(pickCleanup, "cleanup") @ref(pick, cleanup, pickCleanup)
}

// A package-level table of handlers: its top level uses cleanup as a value.
var hooks = []func(){cleanup} // @module(hooksMod) @site(hooksCleanup, "cleanup") @ref(hooksMod, cleanup, hooksCleanup)

// A local of the same name is a variable, not the function: no caller.
func shadow() {
	cleanup := func() {}
	register(cleanup)
}

// A call and a reference from one caller: a caller like any other.
func both() { // @def(both, "both")
	cleanup()         // @site(bothCall, "cleanup")
	register(cleanup) // @site(bothRef, "cleanup") @call(both, cleanup, bothCall, bothRef)
}

// Calls through function-typed fields whose stored value is known.
type Worker struct {
	run func()
}

func NewWorker(run func()) *Worker {
	return &Worker{run: run}
}

func job() {} // @def(job, "job")

func start() { // @def(start, "start")
	w := NewWorker(job) // @site(startJob, "job")
	w.run()             // @site(startRun, "run") @call(start, job, startJob, startRun)
}

// Two functions are stored in Server.onDone (New): a call of the field
// may run either, so each is a possible caller, not a precise one.
func (s *Server) Close() { // @def(closeServer, "Close")
	s.onDone() // @site(closeDone, "onDone") @namecall(closeServer, finish, closeDone) @namecall(closeServer, cleanup, closeDone)
}

// A reference the graph resolved to another method is no caller of a
// namesake, and the fallbacks must not offer it as one: Audit.finish has no
// caller, though s.finish is passed above.
type Audit struct{}

func (a *Audit) finish() {} // @def(auditFinish, "finish") @nocallers(auditFinish)
