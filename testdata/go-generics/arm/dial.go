package arm

import "genapp/resource"

// dial looks up the Arm's registration, makes a client with the
// registration's RPCClient (a field of the generic func type
// CreateClient[T]) and calls it: the client is an Arm (rdk's
// components/*/client_test.go, resource.LookupAPIRegistration[base.Base]).
func dial() int { // @def(dial, "dial")
	reg, ok, err := resource.Lookup[Arm]("arm")
	if !ok || err != nil {
		return 0
	}
	client, err := reg.RPCClient("x")
	if err != nil {
		return 0
	}
	pos, _ := client.JointPositions(3) // @site(dialJoints, "JointPositions") @call(dial, armJoints, dialJoints) @dispatch(dial, simJoints, dialJoints)
	return pos
}

// dialPtr is dial through a pointer to the registration and a field of an
// unnamed func type.
func dialPtr() int { // @def(dialPtr, "dialPtr")
	reg := resource.LookupPtr[Arm]("arm")
	client, _ := reg.Other("y")
	pos, _ := client.JointPositions(4) // @site(dialPtrJoints, "JointPositions") @call(dialPtr, armJoints, dialPtrJoints) @dispatch(dialPtr, simJoints, dialPtrJoints)
	return pos
}

// dialDefault reads the registration's field of the type parameter: an Arm.
func dialDefault() int { // @def(dialDefault, "dialDefault")
	reg, _, _ := resource.Lookup[Arm]("arm")
	pos, _ := reg.Default.JointPositions(5) // @site(defaultJoints, "JointPositions") @call(dialDefault, armJoints, defaultJoints) @dispatch(dialDefault, simJoints, defaultJoints)
	return pos
}
