package relationships

import "time"

// A field whose type is an interface literal: its method is a caller
// target of its own.
type MutationService struct {
	observer interface {
		ObserveRelationship(operation, result string, d time.Duration) // @def(observe, "ObserveRelationship")
	}
	clock interface {
		Now() time.Time // @def(now, "Now")
	}
}

func (s *MutationService) Block() { // @def(block, "Block")
	started := s.clock.Now()                                                // @site(nowCall, "Now") @call(block, now, nowCall)
	s.observer.ObserveRelationship("block", "success", time.Since(started)) // @site(observeCall, "ObserveRelationship") @call(block, observe, observeCall) @dispatch(block, auditObserve, observeCall)
}

// Another struct's field of an identical literal: the same type to Go, so
// gopls lists each call under both methods.
type Audit struct {
	observer interface {
		ObserveRelationship(operation, result string, d time.Duration) // @def(auditObserve, "ObserveRelationship")
	}
}

func (a *Audit) Record() { // @def(record, "Record")
	a.observer.ObserveRelationship("audit", "ok", 0) // @site(auditCall, "ObserveRelationship") @call(record, auditObserve, auditCall) @dispatch(record, observe, auditCall)
}
