package framework

// goPatterns is the catalog's Go: net/http, gin and echo, chi routers, cobra commands, in-process buses, NATS, cron, time.
var goPatterns = []Pattern{
	// Go registrations.
	{Framework: "net/http", Family: "go", Callee: "HandleFunc", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, HandlerArg: 1, Means: "registers handler (arg 2) for a path (arg 1): http.HandleFunc, ServeMux, gorilla/mux, chi"},
	{Framework: "net/http", Family: "go", Callee: "Handle", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, HandlerArg: 1, Means: "registers a handler (arg 2) for a path (arg 1)"},
	{Framework: "net/http", Family: "go", Callee: "HandlerFunc", Receiver: "http", Role: RoleRegistration, EventArg: -1, HandlerArg: 0, Means: "adapts a function (arg 1) into an http.Handler"},
	{Framework: "gin/echo", Family: "go", Callee: "GET", Role: RoleRegistration, HTTPMethod: "GET", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP GET (gin, echo)"},
	{Framework: "gin/echo", Family: "go", Callee: "POST", Role: RoleRegistration, HTTPMethod: "POST", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP POST (gin, echo)"},
	{Framework: "gin/echo", Family: "go", Callee: "PUT", Role: RoleRegistration, HTTPMethod: "PUT", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP PUT (gin, echo)"},
	{Framework: "gin/echo", Family: "go", Callee: "PATCH", Role: RoleRegistration, HTTPMethod: "PATCH", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP PATCH (gin, echo)"},
	{Framework: "gin/echo", Family: "go", Callee: "DELETE", Role: RoleRegistration, HTTPMethod: "DELETE", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP DELETE (gin, echo)"},
	{Framework: "gin/echo", Family: "go", Callee: "Any", Role: RoleRegistration, HTTPMethod: "ANY", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for every HTTP method (gin, echo)"},
	{Framework: "chi", Family: "go", Callee: "Get", Role: RoleRegistration, HTTPMethod: "GET", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP GET (chi)"},
	{Framework: "chi", Family: "go", Callee: "Post", Role: RoleRegistration, HTTPMethod: "POST", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP POST (chi)"},
	{Framework: "chi", Family: "go", Callee: "Put", Role: RoleRegistration, HTTPMethod: "PUT", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP PUT (chi)"},
	{Framework: "chi", Family: "go", Callee: "Patch", Role: RoleRegistration, HTTPMethod: "PATCH", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP PATCH (chi)"},
	{Framework: "chi", Family: "go", Callee: "Delete", Role: RoleRegistration, HTTPMethod: "DELETE", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP DELETE (chi)"},
	{Framework: "chi/gin/echo", Family: "go", Callee: "Use", Role: RoleRegistration, EventArg: -1, HandlerArg: -1, Means: "registers middleware (last arg) for every route of the router (chi, gin, echo)"},
	{Framework: "chi", Family: "go", Callee: "Method", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 1, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for a method (arg 1) and path (arg 2) (chi)"},
	{Framework: "bus", Family: "go", Callee: "Subscribe", Role: RoleRegistration, Bus: "go-bus", EventArg: 0, HandlerArg: -1, Means: "subscribes a handler (last arg) to a topic (arg 1): event buses, NATS"},
	{Framework: "bus", Family: "go", Callee: "SubscribeAsync", Role: RoleRegistration, Bus: "go-bus", EventArg: 0, HandlerArg: 1, Means: "subscribes a handler (arg 2) to a topic (arg 1), run asynchronously"},
	{Framework: "NATS", Family: "go", Callee: "QueueSubscribe", Role: RoleRegistration, Bus: "go-bus", EventArg: 0, HandlerArg: -1, Means: "subscribes a handler (last arg) to a subject (arg 1) in a queue group"},
	{Framework: "bus", Family: "go", Callee: "Publish", Role: RolePublisher, Bus: "go-bus", EventArg: 0, Means: "publishes to a topic (arg 1): event buses, NATS"},
	{Framework: "cron", Family: "go", Callee: "AddFunc", Role: RoleRegistration, EventArg: 0, HandlerArg: 1, Means: "schedules a function (arg 2) with a cron spec (arg 1)"},
	{Framework: "cron", Family: "go", Callee: "AddJob", Role: RoleRegistration, EventArg: 0, HandlerArg: 1, Means: "schedules a job (arg 2) with a cron spec (arg 1)"},
	{Framework: "cobra", Family: "go", Callee: "Command{}", Receiver: "cobra", Role: RoleRegistration, EventArg: -1, EventKeys: []string{"Use"}, HandlerArg: 0, HandlerKeys: []string{"Run", "RunE", "PreRun", "PreRunE", "PostRun", "PostRunE", "PersistentPreRun", "PersistentPreRunE", "PersistentPostRun", "PersistentPostRunE"}, EveryHandlerKey: true, Means: "a cobra command (Use: its name) that runs its Run/RunE/PreRun... functions"},
	{Framework: "time", Family: "go", Callee: "AfterFunc", Receiver: "time", Role: RoleRegistration, EventArg: 0, HandlerArg: 1, Means: "runs a function (arg 2) after a duration (arg 1)"},
}
