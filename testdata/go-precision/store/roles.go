package store

// Role and Status both have IsValid; a conversion written with the
// package's name, store.Role("admin"), is a Role, as gopls types it.
type Role string

func (r Role) IsValid() bool { return r != "" } // @def(roleValid, "IsValid")

type Status string

func (s Status) IsValid() bool { return s != "" } // @def(statusValid, "IsValid") @callers(statusValid)
