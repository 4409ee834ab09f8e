package report

import (
	"example.com/gop/store"
)

// Summary reads fields and calls the standard library's methods only.
func Summary(ev *store.Event, err error) string {
	if ev.Check.IsSilenced {
		return "silenced"
	}
	v := store.Check{IsSilenced: ev.Check.IsSilenced}
	_ = &v.IsSilenced
	return err.Error() + ev.CreatedAt.String()
}
