package gen

// Creator is generic: a type parameter constrained by it instantiated
// (C Creator[R]) is called through its methods, as gopls relates them.
type Creator[R any] interface {
	Create(r R) (R, error) // @def(creatorCreate, "Create")
}

// Users is not generic; Creator[User] unifies with it (R is User), so gopls
// lists the calls through Creator among the callers of Users.Create too.
type Users interface {
	Create(u User) (User, error) // @def(usersCreate, "Create")
	Get(id string) (User, error)
}

type User struct{}

// createOne's c has the type parameter C, constrained by Creator[R]
// (fromforgesoftware/go-kit's NewCreateHandler[R, C repository.Creator[R]]).
func createOne[R any, C Creator[R]](c C, r R) (R, error) { // @def(createOne, "createOne")
	return c.Create(r) // @site(createOneCreate, "Create") @call(createOne, creatorCreate, createOneCreate) @dispatch(createOne, usersCreate, createOneCreate)
}

func register(f any) {}

// handlerOf hands the constrained value's method to a registration.
func handlerOf[R any, C Creator[R]](c C) { // @def(handlerOf, "handlerOf")
	register(c.Create) // @site(handlerOfCreate, "Create") @ref(handlerOf, creatorCreate, handlerOfCreate) @access(handlerOf, usersCreate, "passes Create as a value, dispatched through Creator.Create", handlerOfCreate)
}
