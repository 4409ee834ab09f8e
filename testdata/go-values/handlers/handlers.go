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
