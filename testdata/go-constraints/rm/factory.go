package rm

// A value got by calling a func-typed parameter whose result is a type
// parameter constrained by Spec (session 36, from temporal's
// managerProvider: newManagerFn func(Factory) (T, error), then
// fx.StopHook(manager.Close) in the function literal it returns): its calls
// and method values are Spec's, as gopls relates them.
func provide[T Spec](newSpec func() (T, error)) func() error { // @def(provide, "provide")
	return func() error {
		spec, err := newSpec()
		if err != nil {
			return err
		}
		hook(spec.Validate) // @site(provideValidate, "Validate") @ref(provide, specValidate, provideValidate) @access(provide, suiteValidate, "passes Validate as a value, dispatched through Spec.Validate", provideValidate)
		return nil
	}
}

func hook(f func() error) {}

func build[T Spec](newSpec func() T) error { // @def(build, "build")
	spec := newSpec()
	return spec.Validate() // @site(buildValidate, "Validate") @call(build, specValidate, buildValidate) @dispatch(build, suiteValidate, buildValidate)
}
