package fields

// Checker constrains Service's T.
type Checker interface {
	Check() error // @def(checkerCheck, "Check") @callers(checkerCheck, verify, verifyConcrete)
}

type account struct{}

func (account) Check() error { return nil } // @def(accountCheck, "Check") @callers(accountCheck, verify, verifyConcrete)

// Store is generic over anything: its Get gives its argument.
type Store[E any] interface {
	Get(id string) E
}

// Service's store is a Store of its own T: in Service's methods a
// Store[Checker], whose Get gives a Checker; on a Service[account], a
// Store[account], whose Get gives an account.
type Service[T Checker] struct {
	store Store[T]
}

func (s *Service[T]) verify(id string) error { // @def(verify, "verify")
	return s.store.Get(id).Check() // @site(verifyCheck, "Check") @call(verify, checkerCheck, verifyCheck) @dispatch(verify, accountCheck, verifyCheck)
}

func verifyConcrete() error { // @def(verifyConcrete, "verifyConcrete")
	var svc Service[account]
	return svc.store.Get("a").Check() // @site(concreteCheck, "Check") @call(verifyConcrete, accountCheck, concreteCheck) @dispatch(verifyConcrete, checkerCheck, concreteCheck)
}
