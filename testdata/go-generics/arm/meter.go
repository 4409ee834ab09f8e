package arm

import "genapp/resource"

// Meter has a JointPositions of another signature than Arm's: a client made
// by a Meter's registration calls gauge's, never simArm's.
type Meter interface {
	resource.Resource
	JointPositions(extra string) (int, error) // @def(meterJoints, "JointPositions") @callers(meterJoints, readMeter)
}

func readMeter() int { // @def(readMeter, "readMeter")
	reg, _, _ := resource.Lookup[Meter]("meter")
	client, _ := reg.RPCClient("m")
	pos, _ := client.JointPositions("z") // @site(meterSite, "JointPositions") @call(readMeter, meterJoints, meterSite) @dispatch(readMeter, gaugeJoints, meterSite)
	return pos
}
