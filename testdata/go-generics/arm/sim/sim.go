package sim

type simArm struct{}

func (a *simArm) Name() string { return "sim" }

func (a *simArm) JointPositions(extra int) (int, error) { return extra, nil } // @def(simJoints, "JointPositions") @callers(simJoints, get, collect, dial, dialPtr, dialDefault)

// gauge has a JointPositions of another signature: no Arm.
type gauge struct{}

func (g *gauge) Name() string { return "gauge" }

func (g *gauge) JointPositions(extra string) (int, error) { return 0, nil } // @def(gaugeJoints, "JointPositions") @callers(gaugeJoints, readMeter)
