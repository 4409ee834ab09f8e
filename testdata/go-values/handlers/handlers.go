package handlers

type Context struct{}

type Auth struct{}

func NewAuth() *Auth { return &Auth{} }

func (a *Auth) Verify(c *Context) {} // @def(verify, "Verify")

func (a *Auth) Logout(c *Context) {} // @def(logout, "Logout")

type Referral struct{}

func (r *Referral) Create(c *Context) {} // @def(referralCreate, "Create")

// Request's Name is a field: passing req.Name passes a string.
type Request struct {
	Name string
}

// Title has a method called Name: req.Name is no caller of it.
type Title struct{}

func (t Title) Name() string { return "" } // @def(titleName, "Name") @nocallers(titleName)

// Namesakes of Auth.Logout and Referral.Create: a call the graph types is
// no caller of these, and no name match either.
type Session struct{}

func (s *Session) Logout(c *Context) {} // @def(sessionLogout, "Logout") @nocallers(sessionLogout)

type Order struct{}

func (o *Order) Create(c *Context) {} // @def(orderCreate, "Create") @nocallers(orderCreate)

// Wrapper is returned as an api.Unwrapper by api's function variables.
type Wrapper struct{}

func (w *Wrapper) Unwrap() (int, error) { return 0, nil } // @def(wrapperUnwrap, "Unwrap")
