package stage

type ContainerMutations[T any] interface {
	SetImage(image string) T        // @def(mutImage, "SetImage")
	SetCommand(command ...string) T // @def(mutCommand, "SetCommand")
}

type Container interface {
	Name() string
	ContainerMutations[Container]
}

type container struct{ image string }

func NewContainer() Container { return &container{} }

func (c *container) Name() string                       { return c.image }
func (c *container) SetImage(image string) Container    { c.image = image; return c } // @def(implImage, "SetImage")
func (c *container) SetCommand(cmd ...string) Container { return c }                  // @def(implCommand, "SetCommand")
