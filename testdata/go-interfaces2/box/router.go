package box

// Router is what a Server routes with (gk's IRouter).
type Router interface {
	Use(middleware ...string) Router
	Match(path string) bool
}

// Group is a Router.
type Group struct{ middleware []string }

func (g *Group) Use(middleware ...string) Router { // @def(groupUse, "Use") @callers(groupUse, serverUse)
	g.middleware = append(g.middleware, middleware...)
	return g
}

func (g *Group) Match(path string) bool { return path != "" }

// Matcher is embedded by Server: its field is named Matcher.
type Matcher interface{ Pattern() string }

// Match is embedded by Server too: the field Match hides the Match method
// Router would promote, so *Server has no method Match and is no Router.
type Match interface{ Exact() bool }

// Server embeds a Router and declares its own Use.
type Server struct {
	Router
	Match
}

func (s *Server) Use(middleware ...string) Router { // @def(serverUse, "Use") @callers(serverUse, boot)
	s.Router.Use(middleware...) // @site(serverDelegates, "Use") @dispatch(serverUse, groupUse, serverDelegates)
	return s.Router
}

// Boot adds a middleware to a Server.
func Boot(s *Server) { // @def(boot, "Boot")
	s.Use("log") // @site(bootUse, "Use") @call(boot, serverUse, bootUse)
}
