package arm

import "genapp/resource"

// Arm is a component that moves.
type Arm interface {
	resource.Resource
	JointPositions(extra int) (int, error) // @def(armJoints, "JointPositions") @callers(armJoints, get, collect, dial, dialPtr, dialDefault)
}

type server struct {
	coll resource.Getter[Arm]
}

// Get reads an Arm from the collection: s.coll.Resource gives an Arm, and
// JointPositions dispatches to every type that implements Arm.
func (s *server) Get(name string) int { // @def(get, "Get")
	a, err := s.coll.Resource(name)
	if err != nil {
		return 0
	}
	pos, _ := a.JointPositions(1) // @site(getJoints, "JointPositions") @call(get, armJoints, getJoints) @dispatch(get, simJoints, getJoints)
	return pos
}

// collect asserts its value to an Arm with a generic function called with
// an explicit type argument.
func collect(r any) int { // @def(collect, "collect")
	a, err := resource.AssertType[Arm](r)
	if err != nil {
		return 0
	}
	pos, _ := a.JointPositions(2) // @site(collectJoints, "JointPositions") @call(collect, armJoints, collectJoints) @dispatch(collect, simJoints, collectJoints)
	return pos
}
