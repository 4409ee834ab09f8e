package box

// Container is a struct: a call of AddNew on a *Container runs
// Container.AddNew, whatever type embeds Container.
type Container struct{ items []int }

func (c *Container) AddNew(id int) int { // @def(containerAddNew, "AddNew") @callers(containerAddNew, inventoryAddNew, fill, move)
	c.items = append(c.items, id)
	return id
}

// Inventory embeds *Container and declares its own AddNew: its method
// set has Inventory.AddNew, yet it is no subtype of Container, and calls on
// a *Container never run Inventory.AddNew.
type Inventory struct {
	*Container
	count int
}

func (inv *Inventory) AddNew(id int) int { // @def(inventoryAddNew, "AddNew") @callers(inventoryAddNew, restock, move)
	inv.count++
	return inv.Container.AddNew(id) // @site(inventoryBase, "AddNew") @call(inventoryAddNew, containerAddNew, inventoryBase)
}

// Fill adds to a Container, then to an Inventory's embedded Container.
func Fill(c *Container, inv *Inventory) { // @def(fill, "Fill")
	c.AddNew(1)             // @site(fillAdd, "AddNew") @call(fill, containerAddNew, fillAdd, fillEmbedded)
	inv.Container.AddNew(2) // @site(fillEmbedded, "AddNew")
}

// Restock adds to an Inventory: its own AddNew.
func Restock(inv *Inventory) { // @def(restock, "Restock")
	inv.AddNew(3) // @site(restockAdd, "AddNew") @call(restock, inventoryAddNew, restockAdd)
}

// adder is satisfied by both *Container and *Inventory.
type adder interface {
	AddNew(id int) int
}

// move adds through the interface: it may run either method.
func move(t adder) { // @def(move, "move")
	t.AddNew(4) // @site(moveAdd, "AddNew") @dispatch(move, containerAddNew, moveAdd) @dispatch(move, inventoryAddNew, moveAdd)
}
