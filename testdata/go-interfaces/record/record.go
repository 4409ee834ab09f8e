// Package record has an interface that embeds one from outside the
// workspace (go-admin's models.ActiveRecord embeds gorm's schema.Tabler),
// whose methods are not read here (the module cache is opt-in). Its own
// methods are SetCreateBy, Generate and GetId. gopls, which reads
// schema.Tabler (TableName() string), lists User.GetId and Role.GetId under
// object.GetId(): User declares TableName beside the interface's own
// methods, Role gets it from the workspace type it embeds. Draft has the
// interface's own methods and nothing more, Tagged an unexported method
// more (no interface of another package is implemented with it): neither
// implements ActiveRecord, and their GetId has no caller.
package record

import "gorm.io/gorm/schema"

type ActiveRecord interface {
	schema.Tabler
	SetCreateBy(createBy int)
	Generate() ActiveRecord
	GetId() interface{}
}

type ControlBy struct {
	CreateBy int
}

func (e *ControlBy) SetCreateBy(createBy int) { e.CreateBy = createBy }

type User struct {
	ID int
	ControlBy
}

func (*User) TableName() string { return "user" }

func (e *User) Generate() ActiveRecord {
	o := *e
	return &o
}

func (e *User) GetId() interface{} { return e.ID } // @def(userID, "GetId") @callers(userID, create, update)

type Named struct{}

func (Named) TableName() string { return "role" }

type Role struct {
	ID int
	ControlBy
	Named
}

func (e *Role) Generate() ActiveRecord { return e }

func (e *Role) GetId() interface{} { return e.ID } // @def(roleID, "GetId") @callers(roleID, create, update)

type Draft struct {
	ControlBy
}

func (e *Draft) Generate() ActiveRecord { return nil }

func (e *Draft) GetId() interface{} { return nil } // @def(draftID, "GetId") @nocallers(draftID)

type Tagged struct {
	ControlBy
}

func (e *Tagged) tableName() string { return "tagged" }

func (e *Tagged) Generate() ActiveRecord { return nil }

func (e *Tagged) GetId() interface{} { return e.tableName() } // @def(taggedID, "GetId") @nocallers(taggedID)

func Create(object ActiveRecord) interface{} { // @def(create, "Create")
	object.SetCreateBy(1)
	return object.GetId() // @site(createGet, "GetId") @dispatch(create, userID, createGet) @dispatch(create, roleID, createGet)
}

func Update(objects []ActiveRecord) { // @def(update, "Update")
	for _, object := range objects {
		_ = object.Generate().GetId() // @site(updateGet, "GetId") @dispatch(update, userID, updateGet) @dispatch(update, roleID, updateGet)
	}
}
