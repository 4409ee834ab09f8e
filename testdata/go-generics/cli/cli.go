package cli

// Command runs an action.
type Command struct {
	Name   string
	Action func() error
}

type buildArgs struct{ Path string }

// buildAction is passed to a generic function called with a type argument.
func buildAction(args buildArgs) error { return nil } // @def(buildAction, "buildAction") @callers(buildAction, commands, direct)

// withArgs wraps an action of a T: a generic function.
func withArgs[T any](f func(T) error) func() error {
	return func() error {
		var t T
		return f(t)
	}
}

// commands is rdk's cli/app.go: Action:
// createActionCommandWithT[moduleBuildLocalArgs](ModuleBuildLocalAction), a
// reference inside a call the grammar reads as a conversion to a generic
// type.
func commands() []Command { // @def(commands, "commands")
	return []Command{
		{Name: "build", Action: withArgs[buildArgs](buildAction)}, // @site(buildRef, "buildAction") @ref(commands, buildAction, buildRef)
	}
}

// direct passes it to the same function without a type argument.
func direct() func() error { // @def(direct, "direct")
	return withArgs(buildAction) // @site(directRef, "buildAction") @ref(direct, buildAction, directRef)
}
