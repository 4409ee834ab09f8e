package store

import (
	"time"

	graphql1 "github.com/graphql-go/graphql"
	"gorm.io/gorm"
)

// Check has a field named as Silencer's method: reading it is no call.
type Check struct {
	IsSilenced bool
	Name       string
}

type Event struct {
	Check     *Check
	CreatedAt time.Time
}

// Record's CreatedAt is promoted from gorm.Model, from outside the workspace.
type Record struct {
	gorm.Model
	Name string
}

type Silencer struct{}

func (s *Silencer) IsSilenced() bool { return false } // @def(silenced, "IsSilenced")

func (s *Silencer) String() string { return "silencer" } // @def(silencerString, "String") @nocallers(silencerString)

// Problem is an error of the project's.
type Problem struct{ msg string }

func (p *Problem) Error() string { return p.msg } // @def(problemError, "Error") @nocallers(problemError)

func register(f func() bool) {}

func Report(ev *Event, s *Silencer) bool { // @def(report, "Report")
	register(s.IsSilenced) // @site(silencedValue, "IsSilenced") @ref(report, silenced, silencedValue)
	return ev.Check.IsSilenced
}

func Describe(ev *Event, rec *Record) string {
	_ = graphql1.String
	return ev.CreatedAt.String() + rec.CreatedAt.String()
}
