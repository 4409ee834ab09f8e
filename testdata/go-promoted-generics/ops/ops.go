package ops

import "example.com/promoted/stage"

func Build() stage.Container { // @def(build, "Build")
	c := stage.NewContainer()
	c.SetCommand("a")                                         // @site(cmd1, "SetCommand")
	return stage.NewContainer().SetImage("x").SetCommand("b") // @site(img1, "SetImage") @site(cmd2, "SetCommand") @call(build, mutImage, img1) @dispatch(build, implImage, img1) @call(build, mutCommand, cmd1, cmd2) @dispatch(build, implCommand, cmd1, cmd2)
}
